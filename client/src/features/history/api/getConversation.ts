import {
  conversationDetailResponse,
  type ConversationDetail,
} from '../../../../../shared/progressApi';
import { CONVERSATION_TEXT } from '../../../../../shared/text';
import { ApiError, apiRequest } from '../../../lib/api';

/** A past session with its scenario, transcript and feedback (another user's id is a 404). */
export async function getConversation(sessionId: string): Promise<ConversationDetail> {
  return apiRequest(
    `/api/conversations/${encodeURIComponent(sessionId)}`,
    conversationDetailResponse,
  );
}

export function conversationErrorMessage(error: unknown): string {
  return error instanceof ApiError && error.code === 'not_found:session'
    ? CONVERSATION_TEXT.notFound
    : CONVERSATION_TEXT.detailFailed;
}
