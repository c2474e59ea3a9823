import type { Feedback } from '../../../../../shared/feedback';
import { ApiError, apiRequest } from '../../../lib/api';
import { feedbackResponse } from '../../../lib/feedback';

/** Spec §8. */
export const FEEDBACK_FAILED_TEXT = 'Error generating feedback. Please try again.';

/** Grades the conversation and closes it; asking twice returns the same feedback. */
export async function endConversation(sessionId: string): Promise<Feedback> {
  const { feedback } = await apiRequest(
    `/api/conversations/${encodeURIComponent(sessionId)}/end`,
    feedbackResponse,
    { method: 'POST' },
  );
  return feedback;
}

/** The server words its error codes as `kind:detail` ('unprocessable:too_short'). */
export function isTooShort(error: unknown): error is ApiError {
  return (
    error instanceof ApiError && (error.code === 'too_short' || error.code.endsWith(':too_short'))
  );
}
