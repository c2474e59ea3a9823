import { organisationsApi } from '#shared/api/organisations';
import { callApi } from '../../../lib/api';

/** Deletes the organisation and what hangs on it; trainees keep their conversations (044). */
export function deleteOrganisation(organisationId: string): Promise<void> {
  return callApi(organisationsApi.deleteOrganisation, { params: { id: organisationId } });
}
