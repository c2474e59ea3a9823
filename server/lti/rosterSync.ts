import type { Db } from '../db/db';
import { endMemberships, joinContextCohort, listLinkedMembers } from '../db/ltiContexts';
import type { Platform } from '../db/ltiPlatforms';
import { learnerAccount } from './launchFlow';
import { fetchMembers } from './nrpsClient';
import { planRoster } from './rosterPlan';
import type { ServiceTokenClient } from './serviceToken';
import type { ToolKeys } from './toolKeys';

/**
 * Names and Roles Provisioning (decision 051): the cohort's roster follows the course's. The
 * whole roster is fetched (every page) before anything is written, so a failed page changes
 * nothing; joins make accounts exactly as a learner's launch does.
 */

export interface RosterCounts {
  joined: number;
  left: number;
  unchanged: number;
}

export async function syncRoster(
  deps: { db: Db; keys: ToolKeys; tokens: ServiceTokenClient },
  input: { cohortId: string; platform: Platform; membershipsUrl: string },
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
  for (const member of plan.join) {
    const userId = await learnerAccount(db, {
      issuer: platform.issuer,
      subject: member.user_id,
      person: member,
    });
    await joinContextCohort(db, { cohortId: input.cohortId, userId });
  }
  const left = await endMemberships(db, {
    cohortId: input.cohortId,
    userIds: plan.leave.map((member) => member.userId),
  });
  return { joined: plan.join.length, left, unchanged: plan.stay.length };
}
