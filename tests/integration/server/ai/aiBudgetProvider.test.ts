import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { AI_COSTS, MIN_AI_BUDGET_PER_HOUR, type AiUse } from '#server/ai/aiCosts';
import { DEBRIEF_SCHEMA_NAME } from '#server/ai/debriefPrompt';
import { FEEDBACK_SCHEMA_NAME } from '#server/ai/prompts';
import { listMessagesByConversation } from '#server/db/messages';
import type { StubRequest } from '../../../fixtures/openaiStub';
import { say } from '../../../helpers/conversations';
import { signedInClient, type HttpClient } from '../../../helpers/httpClient';
import { TestSocket } from '../../../helpers/socketClient';
import { sendAudioStart } from '../../../helpers/streamAudio';
import { useTestServer } from '../../../helpers/useTestServer';

/**
 * The AI budget (decision 027) in front of a paid provider, the OpenAI-compatible stub: a call
 * the budget refuses never reaches the provider, and the user is told by code, with the wait,
 * over HTTP (429, Retry-After) and on the socket (an error frame with retryAfterSeconds).
 */

const BUDGET = MIN_AI_BUDGET_PER_HOUR;
const REPLY = 'I suppose the cost is what worries me most. How much would the crown be?';
const TURNS = [
  'It sounds like this has been worrying you. What concerns you most about the treatment?',
  'That makes sense, and it is completely normal to feel that way. What have you heard about it?',
];

const gradingCalls = (requests: StubRequest[]) =>
  requests.filter((r) => {
    const format = r.body?.response_format as { json_schema?: { name?: string } } | undefined;
    const name = format?.json_schema?.name;
    return name === FEEDBACK_SCHEMA_NAME || name === DEBRIEF_SCHEMA_NAME;
  }).length;
const callsTo = (requests: StubRequest[], path: string) =>
  requests.filter((r) => r.path === path).length;

describe('the AI budget in front of a provider (OpenAI-compatible stub)', () => {
  const {
    server,
    testDb: t,
    stub,
  } = useTestServer('pglite', {
    openAiStub: true,
    env: {
      OPENAI_API_KEY: 'sk-test-budget',
      AI_MAX_RETRIES: '0',
      AI_TIMEOUT_SECONDS: '3',
      AI_BUDGET_PER_HOUR: String(BUDGET),
      // A streamed utterance opens a realtime transcription session as it starts.
      STT_MODE: 'streaming',
    },
  });
  const sockets: TestSocket[] = [];
  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.close()));
    stub.reset();
  });

  const userIdOf = async (client: HttpClient) =>
    (await client.get('/api/auth/me')).body.user.id as string;

  /** The user's hour so far has left just enough for `left` (nothing when empty). */
  async function leaveInBudget(user: HttpClient, left: AiUse[] = []) {
    const used = BUDGET - left.reduce((sum, use) => sum + AI_COSTS[use], 0);
    await t.db.query(
      `INSERT INTO hourly_usage (user_id, kind, window_start, used)
       VALUES ($1, 'ai_budget', now(), $2)
       ON CONFLICT (user_id, kind) DO UPDATE SET window_start = now(), used = $2`,
      [await userIdOf(user), used],
    );
  }

  async function open(user?: HttpClient) {
    stub.setReply(REPLY);
    stub.setTranscription('What worries you most about the crown?');
    stub.setSpeech({ bytes: Buffer.alloc(4000, 7), chunks: 2 });
    const client = user ?? (await signedInClient(server.url));
    const { body } = await client.get('/api/scenarios');
    const scenario = body.scenarios.find((s: { title: string }) => /crown/i.test(s.title));
    const created = await client.post('/api/conversations', { scenarioId: scenario.id });
    const conversationId = created.body.session.id as string;
    return { client, conversationId };
  }

  async function socketOf(client: HttpClient, conversationId: string) {
    const socket = await TestSocket.open(server.url, conversationId, { cookie: client.cookie });
    sockets.push(socket);
    await socket.next('history');
    return socket;
  }

  it('branch at turn 2, end the branch, repeat: the grading past the budget makes no model call', async () => {
    const { client: user, conversationId: original } = await open();
    await say(user, original, TURNS);
    expect((await user.post(`/api/conversations/${original}/end`)).status).toBe(200);
    const turn2 = (await user.get(`/api/conversations/${original}`)).body.messages.filter(
      (m: { role: string }) => m.role === 'user',
    )[1];

    const ends = [];
    let refused: { id: string; response: Awaited<ReturnType<HttpClient['post']>> } | null = null;
    for (let i = 0; i < 4; i++) {
      const branch = await user.post(`/api/conversations/${original}/branches`, {
        messageId: turn2.id,
      });
      const id = branch.body.session.id as string;
      const calls = gradingCalls(stub.requests);
      const response = await user.post(`/api/conversations/${id}/end`);
      ends.push([response.status, gradingCalls(stub.requests) - calls]);
      if (response.status !== 200) refused = { id, response };
    }
    // 2 replies + 4 gradings = 18 of 20: the fifth grading (4 more) is refused before either of
    // its two calls is made.
    expect(ends).toEqual([
      [200, 2],
      [200, 2],
      [200, 2],
      [429, 0],
    ]);
    expect(refused!.response.body.error.code).toBe('rate_limit:ai_budget');
    expect(Number(refused!.response.headers.get('retry-after'))).toBeGreaterThan(0);
    const kept = (await user.get(`/api/conversations/${refused!.id}`)).body;
    expect(kept.session.endedAt).toBeNull();
    expect(kept.messages).toHaveLength(3);
  });

  it('a failed grading is not paid for: the retry is', async () => {
    const { client: user, conversationId } = await open();
    await say(user, conversationId, [TURNS[0]!]);
    await leaveInBudget(user, ['feedback']);
    stub.queueFault({ kind: 'status', status: 500, schema: FEEDBACK_SCHEMA_NAME });
    const failed = await user.post(`/api/conversations/${conversationId}/end`);
    expect(failed.status).toBe(503);
    expect(failed.body.error.code).toBe('unavailable:feedback');
    const retried = await user.post(`/api/conversations/${conversationId}/end`);
    expect(retried.status).toBe(200);
    // And that used the last of it.
    const hint = await user.post(`/api/conversations/${conversationId}/hint`);
    expect(hint.status).toBe(429);
    expect(hint.body.error.code).toBe('rate_limit:ai_budget');
  });

  it('a reply that fits but whose speech does not: the reply is kept, the speech refused unmade', async () => {
    const { client, conversationId } = await open();
    await leaveInBudget(client, ['reply']);
    const socket = await socketOf(client, conversationId);
    const clientId = randomUUID();
    socket.send({ type: 'turn', clientId, text: TURNS[0], stream: true, speak: true });
    const done = await socket.next('reply_done');
    expect(done.message.content).toBe(REPLY);
    const error = await socket.next('error', (f) => f.clientId === clientId);
    expect(error.code).toBe('rate_limit:ai_budget');
    expect(error.retryAfterSeconds).toBeGreaterThan(0);
    expect(callsTo(stub.requests, '/v1/audio/speech')).toBe(0);
    expect(socket.frames.some((f) => f.type === 'speech')).toBe(false);
    expect((await listMessagesByConversation(t.db, { conversationId })).map((m) => m.role)).toEqual(
      ['assistant', 'user', 'assistant'],
    );
  });

  it('a message read aloud past the budget is refused unmade', async () => {
    const { client, conversationId } = await open();
    await leaveInBudget(client);
    const socket = await socketOf(client, conversationId);
    const [opening] = await listMessagesByConversation(t.db, { conversationId });
    socket.send({ type: 'speak', messageId: opening!.id });
    const error = await socket.next('error');
    expect(error.code).toBe('rate_limit:ai_budget');
    expect(callsTo(stub.requests, '/v1/audio/speech')).toBe(0);
  });

  it('an utterance past the budget is not transcribed, spoken or dictated', async () => {
    const { client, conversationId } = await open();
    await leaveInBudget(client);
    const socket = await socketOf(client, conversationId);
    const refused = async (clientId: string) =>
      (await socket.next('error', (f) => f.clientId === clientId)).code;
    // Refused at its start, before a transcription session is opened for it.
    const spoken = randomUUID();
    sendAudioStart(socket, spoken);
    expect(await refused(spoken)).toBe('rate_limit:ai_budget');
    const dictated = randomUUID();
    sendAudioStart(socket, dictated, { purpose: 'dictation' });
    expect(await refused(dictated)).toBe('rate_limit:ai_budget');
    expect(callsTo(stub.requests, '/v1/audio/transcriptions')).toBe(0);
    expect(stub.realtimeSessions).toHaveLength(0);
    // Nothing was heard, so nothing was stored.
    expect(await listMessagesByConversation(t.db, { conversationId })).toHaveLength(1);
  });

  it('a hint past the budget is refused unmade, and does not count as one of the hour', async () => {
    const { client, conversationId } = await open();
    await leaveInBudget(client);
    const chats = callsTo(stub.requests, '/v1/chat/completions');
    const refused = await client.post(`/api/conversations/${conversationId}/hint`);
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate_limit:ai_budget');
    expect(callsTo(stub.requests, '/v1/chat/completions')).toBe(chats);
    const [row] = await t.db.query<{ points: number }>(
      'SELECT points FROM auth_rate_limits WHERE key = $1',
      [`hints:${await userIdOf(client)}`],
    );
    expect(row?.points ?? 0).toBe(0);
  });
});
