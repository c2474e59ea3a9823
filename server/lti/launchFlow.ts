import { emailSchema } from '#shared/api/auth';
import type { LtiLaunchFailure } from '#shared/lti';
import { stripControlChars, uuidSchema } from '#shared/inputChecks';
import type { Db } from '../db/db';
import { createLtiUser, findLtiUser, linkLtiIdentity } from '../db/ltiAccounts';
import { addCoInstructor } from '../db/coInstructors';
import {
  ensureContextCohort,
  joinContextCohort,
  type ContextCohort,
  resolveResourceLink,
  saveGradeTarget,
} from '../db/ltiContexts';
import type { Platform } from '../db/ltiPlatforms';
import {
  AGS_SCOPE,
  LTI_CLAIM,
  LTI_MESSAGE_TYPE,
  LTI_ROLE,
  type DeepLinkingRequest,
  type LaunchMessage,
  type ResourceLinkRequest,
} from './claims';
import { deepLinkOutcome } from './deepLinkFlow';

/**
 * What a verified launch does in ChairTalk (decision 051): the LMS course becomes a cohort of
 * the registering organisation, the person an account linked to their LMS identity (a learner
 * a trainee of that cohort; an instructor its organisation's trainer or, anyone else, a
 * co-instructor of that cohort: decision 052), and the browser goes where the launch points.
 */

/** The custom parameter our deep-linking response puts in each link. */
export const ASSIGNMENT_CUSTOM = 'chairtalk_assignment_id';

const INSTRUCTOR_ROLES = [
  LTI_ROLE.instructor,
  LTI_ROLE.administrator,
  'http://purl.imsglobal.org/vocab/lis/v2/membership/Instructor#',
];

/** Instructors (any sub-role, teaching assistants among them) and administrators teach. */
export function teaches(roles: readonly string[]): boolean {
  return roles.some((role) =>
    INSTRUCTOR_ROLES.some((teaching) =>
      teaching.endsWith('#') ? role.startsWith(teaching) : role === teaching,
    ),
  );
}

/** What an LMS says of a person, in a launch and in a roster alike. */
export type LmsPerson = Pick<LaunchMessage, 'name' | 'given_name' | 'family_name' | 'email'>;

/** The person's name as the LMS gives it, one line, or a stand-in. */
export function personName(message: LmsPerson): string {
  const given = [message.given_name, message.family_name].filter(Boolean).join(' ');
  const name = stripControlChars(message.name ?? given)
    .replace(/\s+/g, ' ')
    .trim();
  return (name || 'LMS user').slice(0, 200);
}

/** The LMS's address when it is one our accounts could hold (the sign-up rule), else null. */
function emailOf(message: LmsPerson): string | null {
  const email = emailSchema.safeParse(message.email);
  return email.success ? email.data : null;
}

/**
 * A learner's account: the one linked to their LMS identity, else a new one made from what the
 * LMS says of them. A launch and a roster sync make accounts this one way.
 */
export async function learnerAccount(
  db: Db,
  input: { issuer: string; subject: string; person: LmsPerson },
): Promise<string> {
  const identity = { issuer: input.issuer, subject: input.subject };
  return (
    (await findLtiUser(db, identity)) ??
    (await createLtiUser(db, {
      ...identity,
      fullName: personName(input.person),
      email: emailOf(input.person),
    }))
  );
}

/**
 * The account an instructor's launch signs in, made to teach the course's cohort (decision
 * 052): the organisation's trainer teaches every cohort of it; anyone else becomes a
 * co-instructor of this one cohort. The account is the one linked to their LMS identity; else
 * the one signed in in this browser, the identity then linked to it (as a trainer's first
 * launch links theirs); else a new passwordless account made as a learner's is. 'trainee' when
 * that account is a current member of the cohort: it is refused before anything is linked.
 */
async function instructorAccount(
  db: Db,
  input: {
    identity: { issuer: string; subject: string };
    person: LmsPerson;
    linked: string | null;
    signedInUserId: string | null;
    cohort: ContextCohort;
  },
): Promise<string | 'trainee'> {
  const { identity, cohort } = input;
  const teach = async (userId: string) =>
    userId === cohort.trainerId ||
    (await addCoInstructor(db, { cohortId: cohort.cohortId, userId })) !== 'trainee';
  if (input.linked !== null) return (await teach(input.linked)) ? input.linked : 'trainee';
  if (input.signedInUserId !== null) {
    if (!(await teach(input.signedInUserId))) return 'trainee';
    if (await linkLtiIdentity(db, { ...identity, userId: input.signedInUserId }))
      return input.signedInUserId;
    // A racing launch of the same person linked the identity first: that account decides.
  }
  const account = await learnerAccount(db, { ...identity, person: input.person });
  return (await teach(account)) ? account : 'trainee';
}

export type LaunchOutcome =
  | { ok: true; userId: string; redirect: string; cohortId: string; instructor: boolean }
  | { ok: false; reason: LtiLaunchFailure };

export async function finishLaunch(
  db: Db,
  input: {
    platform: Platform;
    message: LaunchMessage;
    /** The ChairTalk account already signed in in this browser, if any. */
    signedInUserId: string | null;
    maxCohorts: number;
  },
): Promise<LaunchOutcome> {
  const { platform, message } = input;
  const context = message[LTI_CLAIM.context];
  if (!context) return { ok: false, reason: 'no_course' };
  const ags = message[LTI_CLAIM.agsEndpoint];
  const title = stripControlChars(context.title ?? context.label ?? context.id).trim();
  const cohort = await ensureContextCohort(db, {
    platformId: platform.id,
    deploymentId: message[LTI_CLAIM.deploymentId],
    contextId: context.id,
    title: (title || context.id).slice(0, 200),
    membershipsUrl: message[LTI_CLAIM.nrps]?.context_memberships_url ?? null,
    lineitemsUrl: ags?.lineitems ?? null,
    maxCohorts: input.maxCohorts,
  });
  if (cohort === 'limit') return { ok: false, reason: 'limit' };

  const identity = { issuer: platform.issuer, subject: message.sub };
  const linked = await findLtiUser(db, identity);
  const instructor = teaches(message[LTI_CLAIM.roles]);
  let userId: string;
  if (instructor) {
    const teacher = await instructorAccount(db, {
      identity,
      person: message,
      linked,
      signedInUserId: input.signedInUserId,
      cohort,
    });
    if (teacher === 'trainee') return { ok: false, reason: 'trainee_of_course' };
    userId = teacher;
  } else {
    userId = linked ?? (await learnerAccount(db, { ...identity, person: message }));
    await joinContextCohort(db, { cohortId: cohort.cohortId, userId });
  }

  if (message[LTI_CLAIM.messageType] === LTI_MESSAGE_TYPE.deepLinkingRequest) {
    const outcome = await deepLinkOutcome(db, {
      platformId: platform.id,
      message: message as DeepLinkingRequest,
      userId,
      cohortId: cohort.cohortId,
      instructor,
    });
    if (!outcome.ok) return outcome;
    return { ok: true, userId, cohortId: cohort.cohortId, instructor, redirect: outcome.redirect };
  }
  if (instructor)
    return { ok: true, userId, cohortId: cohort.cohortId, instructor, redirect: '/organisations' };

  const claimed = message[LTI_CLAIM.custom]?.[ASSIGNMENT_CUSTOM];
  const link = await resolveResourceLink(db, {
    platformId: platform.id,
    deploymentId: message[LTI_CLAIM.deploymentId],
    contextId: context.id,
    resourceLinkId: (message as ResourceLinkRequest)[LTI_CLAIM.resourceLink].id,
    claimedAssignmentId: uuidSchema.safeParse(claimed).success ? (claimed as string) : null,
  });
  if (!link) return { ok: false, reason: 'unknown_link' };
  // Scores go back only where the platform gave a line item and the right to post to it.
  if (ags?.lineitem && ags.scope.includes(AGS_SCOPE.score)) {
    await saveGradeTarget(db, {
      assignmentId: link.assignmentId,
      userId,
      platformId: platform.id,
      lineitemUrl: ags.lineitem,
      lmsUserId: message.sub,
    });
  }
  return {
    ok: true,
    userId,
    cohortId: cohort.cohortId,
    instructor,
    redirect: `/scenario/${encodeURIComponent(link.scenarioId)}`,
  };
}
