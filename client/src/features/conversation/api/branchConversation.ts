import { conversationsApi } from '#shared/api/conversations';
import type { Conversation } from '#shared/conversation';
import { callApi } from '../../../lib/api';

/**
 * "Try another answer here": a new open conversation carrying this one's transcript up to just
 * before the clinician turn `messageId`. The practice screen for its scenario opens it.
 */
export async function branchConversation(
  conversationId: string,
  messageId: string,
): Promise<Conversation> {
  const { session } = await callApi(conversationsApi.branch, {
    params: { id: conversationId },
    body: { messageId },
  });
  return session;
}
