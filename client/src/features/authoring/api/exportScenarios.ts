import { authoringApi } from '#shared/api/authoring';
import type { ScenarioFile } from '#shared/scenarioSeed';
import { callApi } from '../../../lib/api';

/** The author's scenarios as one file (docs/scenario-format.md). */
export function exportScenarios(ids: string[]): Promise<ScenarioFile> {
  return callApi(authoringApi.export, { query: { ids: ids.join(',') } });
}
