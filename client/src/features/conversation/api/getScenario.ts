import { scenarioResponse } from '../../../../../shared/api';
import type { Scenario } from '../../../../../shared/scenario';
import { apiRequest } from '../../../lib/api';

export async function getScenario(id: string): Promise<Scenario> {
  const { scenario } = await apiRequest(
    `/api/scenarios/${encodeURIComponent(id)}`,
    scenarioResponse,
  );
  return scenario;
}
