import { scenariosResponse } from '../../../../../shared/api';
import type { Scenario } from '../../../../../shared/scenario';
import { apiRequest } from '../../../lib/api';

/** Already sorted by the server (beginner → advanced, then title). */
export async function getScenarios(): Promise<Scenario[]> {
  const { scenarios } = await apiRequest('/api/scenarios', scenariosResponse);
  return scenarios;
}
