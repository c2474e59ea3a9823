import { conversationsApi } from '../../../../../shared/api/conversations';
import type { ConversationSession } from '../../../../../shared/conversation';
import { callApi } from '../../../lib/api';

/**
 * "Try another answer here": a new open conversation carrying this one's transcript up to just
 * before the clinician turn `messageId`. The practice screen for its scenario opens it.
 */
export async function branchConversation(
  sessionId: string,
  messageId: string,
): Promise<ConversationSession> {
  const { session } = await callApi(conversationsApi.branch, {
    params: { id: sessionId },
    body: { messageId },
  });
  return session;
}
