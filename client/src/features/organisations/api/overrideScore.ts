import { organisationsApi } from '#shared/api/organisations';
import { callApi } from '../../../lib/api';

/** The trainer's score, with the comment that says why; it counts in place of the AI's. */
export function overrideScore(
  conversationId: string,
  score: number,
  comment: string,
): Promise<{ score: number; comment: string }> {
  return callApi(organisationsApi.override, {
    params: { id: conversationId },
    body: { score, comment },
  });
}
