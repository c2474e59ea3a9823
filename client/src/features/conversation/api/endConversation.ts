import { conversationsApi, type EndedConversation } from '#shared/api/conversations';
import { FEEDBACK_TEXT } from '#shared/text';
import { ApiError, callApi } from '../../../lib/api';

/** Grades the conversation and closes it; asking twice returns the same feedback. */
export async function endConversation(conversationId: string): Promise<EndedConversation> {
  return callApi(conversationsApi.end, { params: { id: conversationId } });
}

export function isTooShort(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === 'unprocessable:too_short';
}

/**
 * What the end button says when ending failed: the server's own sentence where it tells the
 * user what to do (continue a conversation too short to grade; wait for the hour's AI budget,
 * decision 027), otherwise the spec's 'Error generating feedback. Please try again.'
 */
export function endErrorMessage(error: unknown): string {
  if (isTooShort(error)) return error.message;
  if (error instanceof ApiError && error.code === 'rate_limit:ai_budget') return error.message;
  return FEEDBACK_TEXT.failed;
}
