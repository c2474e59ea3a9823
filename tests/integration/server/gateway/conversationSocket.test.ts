import { afterEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { postgresUrl, printSkipNotice, type TestDbKind } from '../../../helpers/testDb';
import { useTestServer } from '../../../helpers/useTestServer';
import { signedInClient, type HttpClient } from '../../../helpers/httpClient';
import { TestSocket, upgradeStatus } from '../../../helpers/socketClient';
import { CONVERSATION_TEXT } from '#shared/text';
import { listMessagesByConversation } from '#server/db/messages';

printSkipNotice();

const kinds: TestDbKind[] = postgresUrl() ? ['pglite', 'postgres'] : ['pglite'];
const REPLY = 'Well, the cost does worry me. What would it come to, roughly, all in?';

describe.each(kinds)('conversation socket on %s', (kind) => {
  const {
    server,
    testDb: t,
    stub,
  } = useTestServer(kind, {
    openAiStub: true,
    env: { OPENAI_API_KEY: 'sk-test-stub-key', AI_MAX_RETRIES: '0', AI_TIMEOUT_SECONDS: '2' },
  });
  const sockets: TestSocket[] = [];

  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.close()));
    stub.reset();
    stub.setReply(REPLY);
  });

  async function openConversation(client?: HttpClient) {
    const user = client ?? (await signedInClient(server.url));
    const { body } = await user.get('/api/scenarios');
    const created = await user.post('/api/conversations', { scenarioId: body.scenarios[0].id });
    const socket = await TestSocket.open(server.url, created.body.session.id, {
      cookie: user.cookie,
    });
    sockets.push(socket);
    return {
      user,
      conversationId: created.body.session.id as string,
      socket,
      scenario: body.scenarios[0],
    };
  }

  const stored = (conversationId: string) => listMessagesByConversation(t.db, { conversationId });

  it('refuses upgrades without a session (401), from another origin (403), for another user (404)', async () => {
    const { conversationId, user } = await openConversation();
    expect(await upgradeStatus(server.url, conversationId, { cookie: null })).toBe(401);
    expect(
      await upgradeStatus(server.url, conversationId, {
        cookie: user.cookie,
        origin: 'https://evil.example',
      }),
    ).toBe(403);
    const other = await signedInClient(server.url, 'Someone Else');
    expect(await upgradeStatus(server.url, conversationId, { cookie: other.cookie })).toBe(404);
    expect(await upgradeStatus(server.url, 'not-a-uuid', { cookie: user.cookie })).toBe(404);
    expect(await upgradeStatus(server.url, randomUUID(), { cookie: user.cookie })).toBe(404);
  });

  it('sends the stored history on connect, starting with the scenario opening line', async () => {
    const { socket, scenario } = await openConversation();
    const history = await socket.next('history');
    expect(history.messages).toHaveLength(1);
    expect(history.messages[0]).toMatchObject({
      role: 'assistant',
      content: scenario.initialMessage,
    });
  });

  it('streams a reply as deltas and stores both sides', async () => {
    const { socket, conversationId } = await openConversation();
    const clientId = randomUUID();
    socket.send({
      type: 'turn',
      clientId,
      text: '  How are you feeling about it?  ',
      stream: true,
    });
    const storedTurn = await socket.next('turn_stored');
    expect(storedTurn).toMatchObject({
      clientId,
      message: { role: 'user', content: 'How are you feeling about it?' },
    });
    const done = await socket.next('reply_done');
    const deltas = socket.frames.filter((f) => f.type === 'reply_delta');
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.map((d) => (d.type === 'reply_delta' ? d.text : '')).join('')).toBe(REPLY);
    expect(done.message).toMatchObject({ role: 'assistant', content: REPLY, partial: false });
    expect((await stored(conversationId)).map((m) => m.role)).toEqual([
      'assistant',
      'user',
      'assistant',
    ]);
    const request = stub.requests.at(-1)!;
    expect(request.body).toMatchObject({ stream: true, temperature: 0.7, max_tokens: 300 });
    expect(request.headers.authorization).toBe('Bearer sk-test-stub-key');
  });

  it('sends the whole reply at once with streaming off', async () => {
    const { socket } = await openConversation();
    socket.send({ type: 'turn', clientId: randomUUID(), text: 'Hello there', stream: false });
    const done = await socket.next('reply_done');
    expect(done.message.content).toBe(REPLY);
    expect(socket.frames.some((f) => f.type === 'reply_delta')).toBe(false);
    expect(stub.requests.at(-1)!.body).toMatchObject({ stream: false });
  });

  it.each([
    [{ type: 'shout', text: 'hi' }, 'Unknown message type.'],
    [{ type: 'turn', clientId: 'a', text: '   ', stream: true }, 'Message cannot be blank.'],
    [
      { type: 'turn', clientId: 'a', text: 'x'.repeat(2001), stream: true },
      'Messages can be at most 2000 characters.',
    ],
    [
      { type: 'turn', clientId: 'a', text: 'hi' },
      'Invalid input: expected boolean, received undefined',
    ],
    [
      { type: 'turn', clientId: 'a', text: 'hi', stream: true, extra: 1 },
      'Unrecognized key: "extra"',
    ],
  ])('answers %j with an error frame and stays usable', async (bad, message) => {
    const { socket, conversationId } = await openConversation();
    await socket.next('history');
    socket.send(bad);
    const error = await socket.next('error');
    expect(error).toMatchObject({ code: 'bad_request:message', message });
    socket.send({ type: 'turn', clientId: randomUUID(), text: 'Still there?', stream: true });
    await socket.next('reply_done');
    expect(await stored(conversationId)).toHaveLength(3);
  });

  it('counts characters as the contract does: 2,000 emoji are one message, 2,001 are too long', async () => {
    // An emoji is two UTF-16 units; the schema counts it once, and so must every later check.
    const { socket, conversationId } = await openConversation();
    await socket.next('history');
    const fits = '😀'.repeat(2000);
    socket.send({ type: 'turn', clientId: randomUUID(), text: fits, stream: false });
    expect((await socket.next('turn_stored')).message.content).toBe(fits);
    await socket.next('reply_done');
    socket.send({ type: 'turn', clientId: 'b', text: '😀'.repeat(2001), stream: false });
    expect(await socket.next('error')).toMatchObject({
      message: 'Messages can be at most 2000 characters.',
    });
    expect(await stored(conversationId)).toHaveLength(3);
  });

  it('answers a non-JSON frame with an error frame', async () => {
    const { socket } = await openConversation();
    socket.sendRaw('{not json');
    expect(await socket.next('error')).toMatchObject({
      code: 'bad_request:message',
      message: 'Messages must be JSON.',
    });
  });

  it('refuses a second turn while one is running', async () => {
    stub.setTiming({ firstTokenDelayMs: 300, tokenDelayMs: 20 });
    const { socket, conversationId } = await openConversation();
    socket.send({ type: 'turn', clientId: randomUUID(), text: 'First', stream: true });
    await socket.next('turn_stored');
    socket.send({ type: 'turn', clientId: randomUUID(), text: 'Second', stream: true });
    expect(await socket.next('error')).toMatchObject({
      code: 'conflict:busy',
      message: 'Please wait for the patient to finish replying.',
    });
    await socket.next('reply_done');
    expect((await stored(conversationId)).map((m) => m.content)).not.toContain('Second');
  });

  it.each([
    ['a 500', { kind: 'status', status: 500, message: 'upstream exploded' }],
    ['a 401', { kind: 'status', status: 401, message: 'Incorrect API key provided' }],
    ['a 429', { kind: 'status', status: 429, message: 'Rate limit reached', retryAfter: 30 }],
    ['a timeout', { kind: 'hang' }],
  ] as const)(
    'shows the apology line after %s and keeps the user message',
    async (_name, fault) => {
      const { socket, conversationId } = await openConversation();
      stub.queueFault(fault);
      const clientId = randomUUID();
      socket.send({ type: 'turn', clientId, text: 'What worries you most?', stream: true });
      const error = await socket.next('error');
      expect(error).toMatchObject({
        code: 'unavailable:reply',
        message: CONVERSATION_TEXT.replyFailed,
        clientId,
      });
      const messages = await stored(conversationId);
      expect(messages.map((m) => [m.role, m.content])).toEqual([
        ['assistant', expect.any(String)],
        ['user', 'What worries you most?'],
      ]);
      expect(server.logs.join('\n')).not.toContain('sk-test-stub-key');
    },
  );

  it('stores a stream that dies midway as a partial reply', async () => {
    stub.setReply(['Well, ', 'I suppose ', 'the cost ', 'is the thing.']);
    const { socket, conversationId } = await openConversation();
    stub.queueFault({ kind: 'drop-mid-stream', afterChunks: 2 });
    socket.send({ type: 'turn', clientId: randomUUID(), text: 'Tell me more', stream: true });
    expect(await socket.next('error')).toMatchObject({ code: 'unavailable:reply' });
    const done = await socket.next('reply_done');
    expect(done.message).toMatchObject({ partial: true, content: 'Well, I suppose' });
    expect((await stored(conversationId)).at(-1)).toMatchObject({
      partial: true,
      content: 'Well, I suppose',
    });
  });

  it('stores what was heard when the user cancels (barge-in)', async () => {
    stub.setReply(['One two three ', 'four five six ', 'seven eight nine ', 'ten eleven twelve.']);
    stub.setTiming({ tokenDelayMs: 150 });
    const { socket, conversationId } = await openConversation();
    socket.send({ type: 'turn', clientId: randomUUID(), text: 'Go on', stream: true });
    await socket.next('reply_delta');
    socket.send({ type: 'cancel', heardChars: 9 });
    const done = await socket.next('reply_done');
    // Cut back to the last whole word heard.
    expect(done.message).toMatchObject({ partial: true, content: 'One two' });
    expect((await stored(conversationId)).at(-1)!.content).toBe('One two');
    // The socket is free for the next turn.
    stub.setTiming({ tokenDelayMs: 0 });
    socket.send({ type: 'turn', clientId: randomUUID(), text: 'Sorry, go ahead', stream: true });
    await socket.next('reply_done', (f) => f.message.id !== done.message.id);
  });

  it('aborts the reply when the page closes, keeping what had streamed', async () => {
    stub.setReply(['Hmm, ', 'let me ', 'think ', 'about ', 'that ', 'for a moment.']);
    stub.setTiming({ tokenDelayMs: 200 });
    const { socket, conversationId } = await openConversation();
    socket.send({ type: 'turn', clientId: randomUUID(), text: 'Any questions?', stream: true });
    await socket.next('reply_delta');
    await socket.close();
    let last;
    for (let i = 0; i < 100; i++) {
      last = (await stored(conversationId)).at(-1);
      if (last?.role === 'assistant') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(last).toMatchObject({ role: 'assistant', partial: true });
    expect(last!.content.length).toBeLessThan('Hmm, let me think about that for a moment.'.length);
  });

  it('gives a reconnecting client every stored message and never answers a resent turn twice', async () => {
    const { socket, conversationId, user } = await openConversation();
    const clientId = randomUUID();
    socket.send({ type: 'turn', clientId, text: 'First question', stream: true });
    await socket.next('reply_done');
    await socket.close();

    const again = await TestSocket.open(server.url, conversationId, { cookie: user.cookie });
    sockets.push(again);
    const history = await again.next('history');
    expect(history.messages.map((m) => m.content)).toEqual([
      expect.any(String),
      'First question',
      REPLY,
    ]);
    const requestsBefore = stub.requests.length;
    again.send({ type: 'turn', clientId, text: 'First question', stream: true });
    const resent = await again.next('turn_stored');
    expect(resent.message.id).toBe(history.messages[1]!.id);
    // Give a wrongly repeated reply the chance to show up before checking it did not.
    again.send({ type: 'turn', clientId: randomUUID(), text: 'Second question', stream: true });
    await again.next('reply_done');
    expect(stub.requests.length).toBe(requestsBefore + 1);
    expect((await stored(conversationId)).map((m) => m.content)).toEqual([
      expect.any(String),
      'First question',
      REPLY,
      'Second question',
      REPLY,
    ]);
  });
});
