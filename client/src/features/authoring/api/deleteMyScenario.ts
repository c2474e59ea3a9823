import { authoringApi } from '#shared/api/authoring';
import { callApi } from '../../../lib/api';

export async function deleteMyScenario(id: string): Promise<void> {
  await callApi(authoringApi.delete, { params: { id } });
}
