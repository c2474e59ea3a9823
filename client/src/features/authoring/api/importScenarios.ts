import { authoringApi, type AuthoredScenarioSummary } from '#shared/api/authoring';
import type { ScenarioFile } from '#shared/scenarioSeed';
import { callApi } from '../../../lib/api';

/** The file as the author gave it: the server checks it and names every problem. */
export async function importScenarios(file: unknown): Promise<AuthoredScenarioSummary[]> {
  return (await callApi(authoringApi.import, { body: file as ScenarioFile })).scenarios;
}
