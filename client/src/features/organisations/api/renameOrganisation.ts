import { organisationsApi } from '#shared/api/organisations';
import { callApi } from '../../../lib/api';

export async function renameOrganisation(organisationId: string, name: string): Promise<void> {
  await callApi(organisationsApi.renameOrganisation, {
    params: { id: organisationId },
    body: { name },
  });
}
