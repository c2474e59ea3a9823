import { organisationsApi } from '#shared/api/organisations';
import { callApi } from '../../../lib/api';

export async function createCohort(organisationId: string, name: string): Promise<void> {
  await callApi(organisationsApi.createCohort, { params: { id: organisationId }, body: { name } });
}
