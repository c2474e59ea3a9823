import {
  authoringApi,
  type AuthoredScenarioResponse,
  type ScenarioSharing,
} from '#shared/api/authoring';
import type { ScenarioSeed } from '#shared/scenarioSeed';
import { callApi } from '../../../lib/api';

/** Saves an edit: a new version when the scenario already has conversations (decision 021). */
export function updateMyScenario(
  id: string,
  scenario: ScenarioSeed,
  sharing: ScenarioSharing,
): Promise<AuthoredScenarioResponse> {
  return callApi(authoringApi.update, { params: { id }, body: { scenario, sharing } });
}
