import { authoringApi, type AuthoredScenarioResponse } from '#shared/api/authoring';
import { callApi } from '../../../lib/api';

/** A copy of the author's, or of one they may practise, as a new scenario of their own. */
export function duplicateScenario(id: string): Promise<AuthoredScenarioResponse> {
  return callApi(authoringApi.duplicate, { params: { id } });
}
