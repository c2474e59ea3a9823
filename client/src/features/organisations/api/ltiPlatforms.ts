import {
  ltiApi,
  type FailedPassback,
  type LtiPlatform,
  type LtiSetup,
  type PlatformInput,
  type PlatformUpdateInput,
  type RosterSyncResult,
} from '#shared/api/lti';
import { callApi } from '../../../lib/api';

/** An organisation's LMS registrations and our tool's URLs to copy (decision 051). */
export function getLtiSetup(organisationId: string): Promise<LtiSetup> {
  return callApi(ltiApi.setup, { params: { id: organisationId } });
}

export function registerPlatform(
  organisationId: string,
  body: PlatformInput,
): Promise<LtiPlatform> {
  return callApi(ltiApi.registerPlatform, { params: { id: organisationId }, body });
}

export function updatePlatform(
  platformId: string,
  body: PlatformUpdateInput,
): Promise<LtiPlatform> {
  return callApi(ltiApi.updatePlatform, { params: { id: platformId }, body });
}

export async function deletePlatform(platformId: string): Promise<void> {
  await callApi(ltiApi.deletePlatform, { params: { id: platformId } });
}

/** The scores a cohort's LMS did not take after every attempt (decision 051). */
export async function getFailedPassbacks(cohortId: string): Promise<FailedPassback[]> {
  return (await callApi(ltiApi.failedPassbacks, { params: { id: cohortId } })).passbacks;
}

export async function resendPassback(
  cohortId: string,
  body: { assignmentId: string; userId: string },
): Promise<void> {
  await callApi(ltiApi.resendPassback, { params: { id: cohortId }, body });
}

/** "Sync roster from the course": the course's learners join, those gone from it leave. */
export async function syncRoster(cohortId: string): Promise<RosterSyncResult> {
  return callApi(ltiApi.syncRoster, { params: { id: cohortId } });
}
