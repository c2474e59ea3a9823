import { conversationsApi, type EndedConversation } from '../../../../../shared/api/conversations';
import { ApiError, callApi } from '../../../lib/api';

/** Grades the conversation and closes it; asking twice returns the same feedback. */
export async function endConversation(sessionId: string): Promise<EndedConversation> {
  return callApi(conversationsApi.end, { params: { id: sessionId } });
}

export function isTooShort(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code === 'unprocessable:too_short';
}
