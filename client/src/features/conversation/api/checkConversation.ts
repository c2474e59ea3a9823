import { conversationsApi } from '#shared/api/conversations';
import { endpointPath } from '#shared/api/endpoint';
import { ApiError, apiCommand } from '../../../lib/api';

export type ConversationCheck = 'available' | 'gone' | 'unknown';

/**
 * A refused socket upgrade reaches the browser only as "connection failed", with no status.
 * Asking the same question over HTTP tells a dead session (404) from a blip; a 401 here also
 * reaches the app's expired-session handling. Only the status matters, so the body is not read.
 */
export async function checkConversation(conversationId: string): Promise<ConversationCheck> {
  try {
    await apiCommand(endpointPath(conversationsApi.get, { id: conversationId }));
    return 'available';
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 401)) return 'gone';
    return 'unknown';
  }
}
