import { organisationsApi } from '#shared/api/organisations';
import { callApi } from '../../../lib/api';

/** Leaves every cohort of the organisation; the work done as a member stays with the trainer. */
export function leaveOrganisation(organisationId: string): Promise<void> {
  return callApi(organisationsApi.leave, { params: { id: organisationId } });
}
