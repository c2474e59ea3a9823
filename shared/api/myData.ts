import { z } from 'zod';
import { resource } from './endpoint';

/**
 * Your data, yours to take or delete (issue 27, decision 045): download everything, delete the
 * account, the recordings setting, and deleting one conversation.
 */

export const recordingSettingSchema = z.object({
  /** "Keep recordings of my voice turns" (on by default). */
  keepRecordings: z.boolean(),
  /** How long kept recordings last on this server; 0 when it keeps none at all. */
  retentionDays: z.number().int().min(0),
});
export type RecordingSetting = z.infer<typeof recordingSettingSchema>;

export const recordingSettingResponse = z.object({ recordings: recordingSettingSchema });

export const setRecordingSettingBody = z.object({ keepRecordings: z.boolean() }).strict();

/** The password, for an account that has one; one without proves itself by a recent sign-in. */
export const deleteAccountBody = z
  .object({ password: z.string().min(1).max(1000).optional() })
  .strict();

/**
 * One cohort the person co-instructs (decision 052), as the archive's `organisations.json` lists
 * it under `coTeaching`, beside the cohorts they are a trainee of (`memberships`).
 */
export const coTeachingEntrySchema = z.object({
  organisationId: z.string(),
  organisationName: z.string(),
  cohortId: z.string(),
  cohortName: z.string(),
  /** When they became its co-instructor (ISO 8601). */
  since: z.string(),
});
export type CoTeachingEntry = z.infer<typeof coTeachingEntrySchema>;

export const myDataApi = resource('/account', {
  /** The ZIP of everything of the account (application/zip, streamed): not JSON. */
  export: { method: 'GET', route: '/export', response: null },
  recordings: { method: 'GET', route: '/recordings', response: recordingSettingResponse },
  setRecordings: {
    method: 'POST',
    route: '/recordings',
    body: setRecordingSettingBody,
    response: recordingSettingResponse,
  },
  /** Deletes the account and everything of it; the password confirms. 204, signed out. */
  delete: { method: 'DELETE', route: '/', body: deleteAccountBody, response: null },
});

/** Deleting one of the user's ended conversations (204); an open one is a 409. */
export const conversationDeletionApi = resource('/conversations', {
  delete: { method: 'DELETE', route: '/:id', response: null },
});
