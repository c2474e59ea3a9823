import {
  addCoInstructor,
  findLtiAccounts,
  listLinkedCoInstructors,
  removeCoInstructors,
} from '../db/coInstructors';
import type { Db } from '../db/db';
import { endMemberships, joinContextCohort, listLinkedMembers } from '../db/ltiContexts';
import type { Platform } from '../db/ltiPlatforms';
import { learnerAccount, teaches } from './launchFlow';
import { fetchMembers } from './nrpsClient';
import { planCoInstructors, planRoster } from './rosterPlan';
import type { ServiceTokenClient } from './serviceToken';
import type { ToolKeys } from './toolKeys';

/**
 * Names and Roles Provisioning (decision 051): the cohort's roster follows the course's. The
 * whole roster is fetched (every page) before anything is written, so a failed page changes
 * nothing; joins make accounts exactly as a learner's launch does. The course's instructors who
 * have launched before become co-instructors, and co-instructors it no longer lists as teaching
 * stop being ones (decision 052, addendum); sync makes no account for an instructor.
 */

export interface RosterCounts {
  joined: number;
  left: number;
  unchanged: number;
  coInstructorsAdded: number;
  coInstructorsRemoved: number;
}

export async function syncRoster(
  deps: { db: Db; keys: ToolKeys; tokens: ServiceTokenClient },
  input: {
    cohortId: string;
    platform: Platform;
    membershipsUrl: string;
    /** The instructor whose launch started this sync: never removed by it. */
    launcherId?: string | null;
  },
): Promise<RosterCounts> {
  const { db } = deps;
  const { platform } = input;
  const signingKey = await deps.keys.signingKey();
  const roster = await fetchMembers(
    {
      tokens: deps.tokens,
      platform: { tokenUrl: platform.tokenUrl, clientId: platform.clientId, signingKey },
    },
    input.membershipsUrl,
  );
  const linked = await listLinkedMembers(db, {
    cohortId: input.cohortId,
    issuer: platform.issuer,
  });
  const plan = planRoster(roster.members, linked);
  const { trainerId, coInstructors } = await listLinkedCoInstructors(db, {
    cohortId: input.cohortId,
    issuer: platform.issuer,
  });
  const accounts = await findLtiAccounts(db, {
    issuer: platform.issuer,
    subjects: roster.members.filter((member) => teaches(member.roles)).map((m) => m.user_id),
  });
  const teachers = planCoInstructors(roster.members, {
    accounts,
    coInstructors,
    trainerId,
    trainees: plan.stay.map((member) => member.userId),
    launcherId: input.launcherId ?? null,
  });
  // Who stops being taught or teaching goes first, so that a person the course moved from one
  // role to the other changes sides in this one sync (nobody is both in one cohort).
  const left = await endMemberships(db, {
    cohortId: input.cohortId,
    userIds: plan.leave.map((member) => member.userId),
  });
  const coInstructorsRemoved = await removeCoInstructors(db, {
    cohortId: input.cohortId,
    userIds: teachers.remove.map((member) => member.userId),
  });
  for (const member of plan.join) {
    const userId = await learnerAccount(db, {
      issuer: platform.issuer,
      subject: member.user_id,
      person: member,
    });
    await joinContextCohort(db, { cohortId: input.cohortId, userId });
  }
  let coInstructorsAdded = 0;
  for (const account of teachers.add) {
    const outcome = await addCoInstructor(db, { cohortId: input.cohortId, userId: account.userId });
    if (outcome === 'added') coInstructorsAdded += 1;
  }
  return {
    joined: plan.join.length,
    left,
    unchanged: plan.stay.length,
    coInstructorsAdded,
    coInstructorsRemoved,
  };
}
