import type { LtiLaunchFailure } from '#shared/lti';
import type { Db } from '../db/db';
import { insertDeepLink, mayAssignToCohort } from '../db/ltiDeepLinks';
import { LTI_CLAIM, type DeepLinkingRequest, type DeepLinkingSettingsClaim } from './claims';

/**
 * A verified deep-linking request (Deep Linking 2.0, decision 051): an instructor who may
 * assign to the course's cohort gets the picker, the request's settings kept in the database
 * under a random one-use id (any instance may serve the picker's answer). Learners, and
 * platforms that take no LTI resource links (the one kind of item we place), are refused.
 */

/** How long the instructor has to choose. */
export const DEEP_LINK_MS = 30 * 60_000;

/** The picker's client path for a kept request. */
export const deepLinkPickerPath = (id: string) => `/lti/deep-link/${encodeURIComponent(id)}`;

/** Whether the platform takes the one kind of item we send. */
export function acceptsResourceLinks(settings: DeepLinkingSettingsClaim): boolean {
  return settings.accept_types.includes('ltiResourceLink');
}

export type DeepLinkOutcome =
  { ok: true; redirect: string } | { ok: false; reason: LtiLaunchFailure };

export async function deepLinkOutcome(
  db: Db,
  input: {
    platformId: string;
    message: DeepLinkingRequest;
    userId: string;
    cohortId: string;
    instructor: boolean;
    now?: Date;
  },
): Promise<DeepLinkOutcome> {
  if (!input.instructor) return { ok: false, reason: 'claims' };
  const settings = input.message[LTI_CLAIM.deepLinkingSettings];
  if (!acceptsResourceLinks(settings)) return { ok: false, reason: 'deep_link_types' };
  // finishLaunch lets an instructor in only as someone who teaches the course (its trainer or a
  // co-instructor), so this holds; it is asked again because it is the picker's one rule.
  if (!(await mayAssignToCohort(db, { userId: input.userId, cohortId: input.cohortId })))
    return { ok: false, reason: 'unavailable' };
  const now = input.now ?? new Date();
  const id = await insertDeepLink(db, {
    platformId: input.platformId,
    deploymentId: input.message[LTI_CLAIM.deploymentId],
    cohortId: input.cohortId,
    userId: input.userId,
    settings,
    expiresAt: new Date(now.getTime() + DEEP_LINK_MS),
  });
  return { ok: true, redirect: deepLinkPickerPath(id) };
}
