import {
  authoringApi,
  type AuthoredScenarioResponse,
  type ScenarioSharing,
} from '#shared/api/authoring';
import type { ScenarioSeed } from '#shared/scenarioSeed';
import { callApi } from '../../../lib/api';

/** A new scenario of the author's own. */
export function createMyScenario(
  scenario: ScenarioSeed,
  sharing: ScenarioSharing,
): Promise<AuthoredScenarioResponse> {
  return callApi(authoringApi.create, { body: { scenario, sharing } });
}
