import { conversationsApi, type ConversationDetail } from '#shared/api/conversations';
import { CONVERSATION_TEXT } from '#shared/text';
import { ApiError, callApi } from '../../../lib/api';

/** A past session with its scenario, transcript and feedback (another user's id is a 404). */
export async function getConversation(conversationId: string): Promise<ConversationDetail> {
  return callApi(conversationsApi.get, { params: { id: conversationId } });
}

export function conversationErrorMessage(error: unknown): string {
  return error instanceof ApiError && error.code === 'not_found:conversation'
    ? CONVERSATION_TEXT.notFound
    : CONVERSATION_TEXT.detailFailed;
}
