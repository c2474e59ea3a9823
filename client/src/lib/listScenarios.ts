import { scenariosApi } from '#shared/api/scenarios';
import type { Scenario } from '#shared/scenario';
import { callApi } from './api';

/**
 * Every scenario the user may practise (shipped, their own, and those shared with them), already
 * sorted by the server (beginner → advanced, then title). Here, not in a feature, because three
 * features list it: the library, the copy-from choice of authoring and a trainer's assign form.
 */
export async function listScenarios(): Promise<Scenario[]> {
  const { scenarios } = await callApi(scenariosApi.list);
  return scenarios;
}
