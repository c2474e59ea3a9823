import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { useTestServer } from '../../../helpers/useTestServer';
import { signedInClient, type HttpClient } from '../../../helpers/httpClient';
import { TestSocket } from '../../../helpers/socketClient';
import { listMessagesByConversation } from '#server/db/messages';

describe('cost-abuse limits on turns', () => {
  const {
    server,
    testDb: t,
    stub,
  } = useTestServer('pglite', {
    openAiStub: true,
    env: { OPENAI_API_KEY: 'sk-test-limits', TURNS_PER_HOUR: '2', CONCURRENT_TURNS_PER_USER: '1' },
  });

  async function open(user: HttpClient, index: number) {
    const { body } = await user.get('/api/scenarios');
    const created = await user.post('/api/conversations', { scenarioId: body.scenarios[index].id });
    const socket = await TestSocket.open(server.url, created.body.session.id, {
      cookie: user.cookie,
    });
    await socket.next('history');
    return { socket, conversationId: created.body.session.id as string };
  }

  it('stops a user at the hourly quota with a clear message and stores nothing more', async () => {
    const user = await signedInClient(server.url);
    const { socket, conversationId } = await open(user, 0);
    for (const text of ['One', 'Two']) {
      const from = socket.frames.length;
      socket.send({ type: 'turn', clientId: randomUUID(), text, stream: true });
      await socket.next('reply_done', () => true, from);
    }
    socket.send({ type: 'turn', clientId: randomUUID(), text: 'Three', stream: true });
    expect(await socket.next('error')).toMatchObject({
      code: 'rate_limit:turns',
      message:
        'You have reached the practice limit of 2 messages per hour. Please take a break and try again later.',
    });
    const stored = await listMessagesByConversation(t.db, { conversationId });
    expect(stored.filter((m) => m.role === 'user').map((m) => m.content)).toEqual(['One', 'Two']);
    await socket.close();
  });

  it('refuses a second simultaneous turn from the same user in another conversation', async () => {
    const user = await signedInClient(server.url);
    const a = await open(user, 1);
    const b = await open(user, 2);
    stub.setTiming({ firstTokenDelayMs: 400 });
    a.socket.send({ type: 'turn', clientId: randomUUID(), text: 'Slow one', stream: true });
    await a.socket.next('turn_stored');
    b.socket.send({ type: 'turn', clientId: randomUUID(), text: 'Meanwhile', stream: true });
    expect(await b.socket.next('error')).toMatchObject({
      code: 'rate_limit:concurrent',
      message: 'Too many conversations are replying at once. Please wait for one to finish.',
    });
    await a.socket.next('reply_done');
    stub.setTiming({ firstTokenDelayMs: 0 });
    b.socket.send({ type: 'turn', clientId: randomUUID(), text: 'Now', stream: true });
    await b.socket.next('reply_done');
    await Promise.all([a.socket.close(), b.socket.close()]);
  });
});
