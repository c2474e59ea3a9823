import { organisationsApi } from '#shared/api/organisations';
import type { TurnComment } from '#shared/review';
import { callApi } from '../../../lib/api';

export function commentOnTurn(
  conversationId: string,
  messageId: string,
  comment: string,
): Promise<TurnComment> {
  return callApi(organisationsApi.comment, {
    params: { id: conversationId },
    body: { messageId, comment },
  });
}
