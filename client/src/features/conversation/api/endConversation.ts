import type { Feedback } from '../../../../../shared/feedback';
import { ApiError, apiRequest } from '../../../lib/api';
import { feedbackResponse } from '../../../lib/feedback';

/** Grades the conversation and closes it; asking twice returns the same feedback. */
export async function endConversation(sessionId: string): Promise<Feedback> {
  const { feedback } = await apiRequest(
    `/api/conversations/${encodeURIComponent(sessionId)}/end`,
    feedbackResponse,
    { method: 'POST' },
  );
  return feedback;
}

export function isTooShort(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === 'unprocessable:too_short';
}
