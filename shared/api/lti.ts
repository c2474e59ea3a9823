import { z } from 'zod';
import { isSafeName } from '../inputChecks';
import { isCallableUrl, LTI_LIMITS } from '../lti';
import { LTI_TEXT } from '../text';
import { resource } from './endpoint';

/**
 * An organisation's LMS registrations (LTI 1.3, decision 051), mounted beside the rest of
 * /api/organisations: what the trainer tells ChairTalk of their platform, and what ChairTalk
 * tells the platform of itself. Only the organisation's trainer reads or changes them.
 */

/**
 * A URL our server will call. The contract accepts http too: whether http is allowed is the
 * server's setting (LTI_ALLOW_HTTP), checked on top.
 */
const url = z
  .string({ error: () => LTI_TEXT.badUrl })
  .trim()
  .max(2000, { error: () => LTI_TEXT.tooLong })
  .refine((value) => isCallableUrl(value, true), { error: () => LTI_TEXT.badUrl });

/** An issuer, client id or deployment id: one line of visible characters. */
const identifier = (max: number) =>
  z
    .string({ error: () => LTI_TEXT.required })
    .trim()
    .min(1, { error: () => LTI_TEXT.required })
    .max(max, { error: () => LTI_TEXT.tooLong })
    .refine((value) => isSafeName(value) && !/\s/.test(value), {
      error: () => LTI_TEXT.badIdentifier,
    });

const deploymentIds = z
  .array(identifier(255), { error: () => LTI_TEXT.noDeployment })
  .min(1, { error: () => LTI_TEXT.noDeployment })
  .max(LTI_LIMITS.deploymentsPerPlatform, {
    error: () => LTI_TEXT.tooManyDeployments(LTI_LIMITS.deploymentsPerPlatform),
  })
  .transform((ids) => [...new Set(ids)]);

export const platformUpdateInput = z.strictObject({
  authUrl: url,
  jwksUrl: url,
  tokenUrl: url,
  deploymentIds,
});
export type PlatformUpdateInput = z.input<typeof platformUpdateInput>;

export const platformInput = platformUpdateInput.extend({
  issuer: url,
  clientId: identifier(255),
});
export type PlatformInput = z.input<typeof platformInput>;

export const platformSchema = z.object({
  id: z.string(),
  organisationId: z.string(),
  issuer: z.string(),
  clientId: z.string(),
  authUrl: z.string(),
  jwksUrl: z.string(),
  tokenUrl: z.string(),
  deploymentIds: z.array(z.string()),
  createdAt: z.string(),
});
export type LtiPlatform = z.infer<typeof platformSchema>;

/** What a platform's administrator enters of ChairTalk: the same for every organisation. */
export const toolDetailsSchema = z.object({
  jwksUrl: z.string(),
  loginUrl: z.string(),
  launchUrl: z.string(),
  deepLinkingUrl: z.string(),
});
export type LtiToolDetails = z.infer<typeof toolDetailsSchema>;

export const ltiSetupResponse = z.object({
  tool: toolDetailsSchema,
  platforms: z.array(platformSchema),
});
export type LtiSetup = z.infer<typeof ltiSetupResponse>;

export const failedPassbackSchema = z.object({
  assignmentId: z.string(),
  userId: z.string(),
  fullName: z.string(),
  scenarioTitle: z.string(),
  scoreGiven: z.number(),
  scoreMaximum: z.number(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  scoredAt: z.string(),
});
export type FailedPassback = z.infer<typeof failedPassbackSchema>;

export const failedPassbacksResponse = z.object({ passbacks: z.array(failedPassbackSchema) });

export const resendPassbackInput = z.strictObject({
  assignmentId: z.uuid({ error: () => LTI_TEXT.passbackNotFound }),
  userId: z.uuid({ error: () => LTI_TEXT.passbackNotFound }),
});

/** What a roster sync did to the cohort (decision 051). */
export const rosterSyncResponse = z.object({
  joined: z.number().int(),
  left: z.number().int(),
  unchanged: z.number().int(),
  /** The course's instructors made co-instructors, and co-instructors it no longer lists (052). */
  coInstructorsAdded: z.number().int(),
  coInstructorsRemoved: z.number().int(),
});
export type RosterSyncResult = z.infer<typeof rosterSyncResponse>;

export const ltiApi = resource('/organisations', {
  setup: { method: 'GET', route: '/:id/lti', response: ltiSetupResponse },
  /** 201 with the registration. */
  registerPlatform: {
    method: 'POST',
    route: '/:id/lti/platforms',
    body: platformInput,
    response: platformSchema,
  },
  updatePlatform: {
    method: 'POST',
    route: '/lti/platforms/:id',
    body: platformUpdateInput,
    response: platformSchema,
  },
  deletePlatform: { method: 'DELETE', route: '/lti/platforms/:id', response: null },
  /** Scores a cohort's LMS did not take after every attempt (decision 051). */
  failedPassbacks: {
    method: 'GET',
    route: '/cohorts/:id/lti/passbacks',
    response: failedPassbacksResponse,
  },
  /** "Send again": 204, and the score is due now. */
  resendPassback: {
    method: 'POST',
    route: '/cohorts/:id/lti/passbacks/resend',
    body: resendPassbackInput,
    response: null,
  },
  /** "Sync roster from the course": learners join, those gone from the course leave. */
  syncRoster: {
    method: 'POST',
    route: '/cohorts/:id/lti/roster/sync',
    response: rosterSyncResponse,
  },
});
