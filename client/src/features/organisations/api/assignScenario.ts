import { organisationsApi } from '#shared/api/organisations';
import { callApi } from '../../../lib/api';

export async function assignScenario(
  cohortId: string,
  scenarioId: string,
  dueAt: string | null,
): Promise<void> {
  await callApi(organisationsApi.assign, { params: { id: cohortId }, body: { scenarioId, dueAt } });
}
