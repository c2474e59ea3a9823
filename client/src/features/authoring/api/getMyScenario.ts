import { authoringApi, type AuthoredScenarioResponse } from '#shared/api/authoring';
import { callApi } from '../../../lib/api';

/** One of the author's own scenarios, as the editor opens it. */
export function getMyScenario(id: string): Promise<AuthoredScenarioResponse> {
  return callApi(authoringApi.get, { params: { id } });
}
