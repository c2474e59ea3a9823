import { randomUUID } from 'node:crypto';
import type { HttpClient } from './httpClient';
import { TestSocket } from './socketClient';

/** Opens (or resumes) the user's conversation with the index-th listed scenario. */
export async function startConversation(user: HttpClient, index = 0) {
  const { body } = await user.get('/api/scenarios');
  const created = await user.post('/api/conversations', { scenarioId: body.scenarios[index].id });
  return {
    conversationId: created.body.session.id as string,
    status: created.status,
    scenario: body.scenarios[index],
  };
}

/** Says each text over the conversation socket and waits for the patient's reply to it. */
export async function say(
  user: HttpClient,
  conversationId: string,
  texts: string[],
): Promise<void> {
  const socket = await TestSocket.open(user.baseUrl, conversationId, { cookie: user.cookie });
  for (const text of texts) {
    const before = socket.frames.length;
    socket.send({ type: 'turn', clientId: randomUUID(), text, stream: true });
    await socket.next('reply_done', () => true, before);
  }
  await socket.close();
}

/** Says each text over the conversation socket and returns the patient's reply to each. */
export async function ask(
  user: HttpClient,
  conversationId: string,
  texts: string[],
): Promise<string[]> {
  const socket = await TestSocket.open(user.baseUrl, conversationId, { cookie: user.cookie });
  const replies: string[] = [];
  try {
    for (const text of texts) {
      const before = socket.frames.length;
      socket.send({ type: 'turn', clientId: randomUUID(), text, stream: true });
      const done = await socket.next('reply_done', () => true, before);
      replies.push(done.message.content);
    }
  } finally {
    await socket.close();
  }
  return replies;
}
