import { z } from 'zod';
import {
  conversationSessionSchema,
  type ConversationSession,
} from '../../../../../shared/conversation';
import { apiRequest } from '../../../lib/api';

const createSessionResponse = z.object({ session: conversationSessionSchema });

/** Opens a session, or resumes the user's open one for this scenario, so a reload never duplicates. */
export async function createSession(scenarioId: string): Promise<ConversationSession> {
  const { session } = await apiRequest('/api/conversations', createSessionResponse, {
    method: 'POST',
    body: { scenarioId },
  });
  return session;
}
