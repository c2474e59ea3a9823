import { scenariosApi } from '../../../../../shared/api/scenarios';
import type { Scenario } from '../../../../../shared/scenario';
import { callApi } from '../../../lib/api';

/** Already sorted by the server (beginner → advanced, then title). */
export async function getScenarios(): Promise<Scenario[]> {
  const { scenarios } = await callApi(scenariosApi.list);
  return scenarios;
}
