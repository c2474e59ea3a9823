import { organisationsApi } from '#shared/api/organisations';
import { callApi } from '../../../lib/api';

/** Deletes the cohort with its memberships, invites and assignments (044). */
export function deleteCohort(cohortId: string): Promise<void> {
  return callApi(organisationsApi.deleteCohort, { params: { id: cohortId } });
}
