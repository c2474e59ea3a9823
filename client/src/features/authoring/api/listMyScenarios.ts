import { authoringApi, type AuthoredScenarioSummary } from '#shared/api/authoring';
import { callApi } from '../../../lib/api';

/** The author's own scenarios. */
export async function listMyScenarios(): Promise<AuthoredScenarioSummary[]> {
  return (await callApi(authoringApi.list)).scenarios;
}
