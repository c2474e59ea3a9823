import { organisationsApi } from '#shared/api/organisations';
import { callApi } from '../../../lib/api';

/** Joins the cohort of an invite code; unknown, expired and revoked codes are a 404. */
export async function joinCohort(code: string) {
  return callApi(organisationsApi.join, { body: { code } });
}
