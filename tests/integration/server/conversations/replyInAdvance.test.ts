import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { listMessagesByConversation } from '#server/db/messages';
import { signedInClient, type HttpClient } from '../../../helpers/httpClient';
import { TestSocket } from '../../../helpers/socketClient';
import { useTestServer } from '../../../helpers/useTestServer';

/**
 * Once a socket has had a turn answered whole, its next typed turn asks the provider for the
 * reply while the turn is stored (decision 036). That reply is shown only for a turn stored,
 * paid for and read back with the very history it was asked with: every refusal, and a history
 * changed meanwhile, must leave no trace of it.
 */

const LIMIT = 20;

describe('a reply asked for while the turn is stored', () => {
  const {
    server,
    testDb: t,
    stub,
  } = useTestServer('pglite', {
    openAiStub: true,
    env: {
      OPENAI_API_KEY: 'sk-test-advance',
      TURNS_PER_HOUR: '3',
      AI_BUDGET_PER_HOUR: String(LIMIT),
    },
  });

  const chatRequests = () =>
    stub.requests.filter(
      (r) => r.path === '/v1/chat/completions' && !('response_format' in (r.body ?? {})),
    );
  const lastUserLine = (request: { body: Record<string, unknown> | null }) => {
    const messages = request.body!.messages as Array<{ role: string; content: string }>;
    return messages.filter((m) => m.role === 'user').at(-1)?.content;
  };

  async function open(user: HttpClient, conversationId?: string) {
    let id = conversationId;
    if (!id) {
      const { body } = await user.get('/api/scenarios');
      const created = await user.post('/api/conversations', { scenarioId: body.scenarios[0].id });
      id = created.body.session.id as string;
    }
    const socket = await TestSocket.open(server.url, id, { cookie: user.cookie });
    await socket.next('history');
    return { socket, conversationId: id };
  }

  async function answered(socket: TestSocket, text: string) {
    const from = socket.frames.length;
    socket.send({ type: 'turn', clientId: randomUUID(), text, stream: true });
    await socket.next('reply_done', () => true, from);
    return socket.frames.slice(from);
  }

  /** Sends a turn that must be refused with `code`; the frames it caused. */
  async function refused(socket: TestSocket, text: string, code: string) {
    const from = socket.frames.length;
    socket.send({ type: 'turn', clientId: randomUUID(), text, stream: true });
    expect(await socket.next('error', () => true, from)).toMatchObject({ code });
    // A second refused turn (asked for without any reply in advance) follows the first in the
    // socket's order: once it is refused, anything the first could have sent has been sent.
    const next = socket.frames.length;
    socket.send({ type: 'turn', clientId: randomUUID(), text: `${text} again`, stream: true });
    await socket.next('error', () => true, next);
    return socket.frames.slice(from);
  }

  const replyFrames = (frames: Array<{ type: string }>) =>
    frames.filter((f) => f.type.startsWith('reply_')).map((f) => f.type);

  it('the next turn is answered by the one request asked in advance', async () => {
    const user = await signedInClient(server.url);
    const { socket } = await open(user);
    await answered(socket, 'What brings you in?');
    const before = chatRequests().length;
    const frames = await answered(socket, 'How long has it hurt?');
    expect(chatRequests().slice(before).map(lastUserLine)).toEqual(['How long has it hurt?']);
    expect(replyFrames(frames)[0]).toBe('reply_start');
    await socket.close();
  });

  it('over the AI budget: the reply asked in advance is dropped, never shown', async () => {
    const user = await signedInClient(server.url);
    const { socket, conversationId } = await open(user);
    await answered(socket, 'What brings you in?');
    await t.db.query(
      `UPDATE hourly_usage SET used = $2 WHERE kind = 'ai_budget'
          AND user_id = (SELECT user_id FROM conversation_sessions WHERE id = $1)`,
      [conversationId, LIMIT],
    );
    const before = chatRequests().length;
    const frames = await refused(socket, 'Is it sore?', 'rate_limit:ai_budget');
    // It was asked for (so this case covers the reply in advance), and not shown.
    expect(chatRequests().slice(before).map(lastUserLine)).toEqual(['Is it sore?']);
    expect(replyFrames(frames)).toEqual([]);
    // The turn itself stays stored, as when the budget refuses any reply.
    const stored = await listMessagesByConversation(t.db, { conversationId });
    expect(stored.filter((m) => m.role === 'user').map((m) => m.content)).toContain('Is it sore?');
    await socket.close();
  });

  it('over the hourly turn quota: nothing stored, nothing shown', async () => {
    const user = await signedInClient(server.url);
    const { socket, conversationId } = await open(user);
    await answered(socket, 'One');
    await answered(socket, 'Two');
    await answered(socket, 'Three');
    const frames = await refused(socket, 'Four', 'rate_limit:turns');
    expect(replyFrames(frames)).toEqual([]);
    const stored = await listMessagesByConversation(t.db, { conversationId });
    expect(stored.filter((m) => m.role === 'user').map((m) => m.content)).toEqual([
      'One',
      'Two',
      'Three',
    ]);
    await socket.close();
  });

  it('a conversation ended meanwhile: nothing shown', async () => {
    const user = await signedInClient(server.url);
    const { socket, conversationId } = await open(user);
    await answered(socket, 'What brings you in?');
    expect((await user.post(`/api/conversations/${conversationId}/end`)).status).toBe(200);
    const frames = await refused(socket, 'One more thing', 'conflict:ended');
    expect(replyFrames(frames)).toEqual([]);
    await socket.close();
  });

  it('a turn from another tab meanwhile: the reply is asked again with the stored history', async () => {
    const user = await signedInClient(server.url);
    const first = await open(user);
    await answered(first.socket, 'What brings you in?');
    const second = await open(user, first.conversationId);
    await answered(second.socket, 'Said in the other tab.');

    const before = chatRequests().length;
    const frames = await answered(first.socket, 'And back in the first.');
    const asked = chatRequests().slice(before);
    // The one asked in advance missed the other tab's turn; the one answered has it.
    expect(asked).toHaveLength(2);
    const lines = (asked[1]!.body!.messages as Array<{ content: string }>).map((m) => m.content);
    expect(lines).toEqual(
      expect.arrayContaining(['Said in the other tab.', 'And back in the first.']),
    );
    expect(replyFrames(frames).filter((type) => type === 'reply_start')).toHaveLength(1);
    await Promise.all([first.socket.close(), second.socket.close()]);
  });
});
