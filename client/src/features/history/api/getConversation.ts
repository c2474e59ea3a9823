import {
  conversationDetailResponse,
  type ConversationDetail,
} from '../../../../../shared/progressApi';
import { ApiError, apiRequest } from '../../../lib/api';

/** Spec §8, conversation detail. */
export const CONVERSATION_NOT_FOUND = 'Conversation not found';
export const CONVERSATION_LOAD_FAILED = 'Could not load conversation details';

/** A past session with its scenario, transcript and feedback (another user's id is a 404). */
export async function getConversation(sessionId: string): Promise<ConversationDetail> {
  return apiRequest(
    `/api/conversations/${encodeURIComponent(sessionId)}`,
    conversationDetailResponse,
  );
}

export function conversationErrorMessage(error: unknown): string {
  return error instanceof ApiError && error.status === 404
    ? CONVERSATION_NOT_FOUND
    : CONVERSATION_LOAD_FAILED;
}
