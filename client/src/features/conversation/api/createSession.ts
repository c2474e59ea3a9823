import { conversationsApi } from '../../../../../shared/api/conversations';
import type { ConversationSession } from '../../../../../shared/conversation';
import { callApi } from '../../../lib/api';

/** Opens a session, or resumes the user's open one for this scenario, so a reload never duplicates. */
export async function createSession(scenarioId: string): Promise<ConversationSession> {
  const { session } = await callApi(conversationsApi.create, { body: { scenarioId } });
  return session;
}
