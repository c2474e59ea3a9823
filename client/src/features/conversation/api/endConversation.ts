import { conversationsApi } from '../../../../../shared/api/conversations';
import type { Feedback } from '../../../../../shared/feedback';
import { ApiError, callApi } from '../../../lib/api';

/** Grades the conversation and closes it; asking twice returns the same feedback. */
export async function endConversation(sessionId: string): Promise<Feedback> {
  const { feedback } = await callApi(conversationsApi.end, { params: { id: sessionId } });
  return feedback;
}

export function isTooShort(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === 'unprocessable:too_short';
}
