import { organisationsApi } from '#shared/api/organisations';
import { callApi } from '../../../lib/api';

export async function renameCohort(cohortId: string, name: string): Promise<void> {
  await callApi(organisationsApi.renameCohort, { params: { id: cohortId }, body: { name } });
}
