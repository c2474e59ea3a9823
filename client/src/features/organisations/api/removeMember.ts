import { organisationsApi } from '#shared/api/organisations';
import { callApi } from '../../../lib/api';

/** Ends the trainee's membership of the cohort now, as leaving would (044). */
export function removeMember(cohortId: string, userId: string): Promise<void> {
  return callApi(organisationsApi.removeMember, { params: { id: cohortId, userId } });
}
