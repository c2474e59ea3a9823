import { scenariosApi } from '#shared/api/scenarios';
import type { Scenario } from '#shared/scenario';
import { callApi } from '../../../lib/api';

export async function getScenario(id: string): Promise<Scenario> {
  const { scenario } = await callApi(scenariosApi.get, { params: { id } });
  return scenario;
}
