import { organisationsApi } from '#shared/api/organisations';
import { callApi } from '../../../lib/api';

/** The organisation's trainer ends a co-instructor's part in the cohort (decision 052). */
export function removeInstructor(cohortId: string, userId: string): Promise<void> {
  return callApi(organisationsApi.removeInstructor, { params: { id: cohortId, userId } });
}
