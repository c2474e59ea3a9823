import { conversationsApi } from '#shared/api/conversations';
import type { Conversation } from '#shared/conversation';
import { callApi } from '../../../lib/api';

/** Opens a session, or resumes the user's open one for this scenario, so a reload never duplicates. */
export async function startConversation(scenarioId: string): Promise<Conversation> {
  const { session } = await callApi(conversationsApi.create, { body: { scenarioId } });
  return session;
}
