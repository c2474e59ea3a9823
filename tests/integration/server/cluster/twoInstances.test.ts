import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { listMessagesByConversation } from '#server/db/messages';
import { REALTIME_TEXT } from '#shared/text';
import { startOpenAiStub, type OpenAiStub } from '../../../fixtures/openaiStub';
import { HttpClient, uniqueEmail } from '../../../helpers/httpClient';
import { openRealtimeCall } from '../../../helpers/realtimeClient';
import { killServers, spawnServer, type ServerProcess } from '../../../helpers/serverProcess';
import { TestSocket, upgradeStatus } from '../../../helpers/socketClient';
import { createTestDb, postgresUrl, printSkipNotice, type TestDb } from '../../../helpers/testDb';

printSkipNotice();

/**
 * Two instances of the production entry point on one PostgreSQL database, with no sticky
 * sessions: a page's socket on one, its requests on the other. Whatever must hold across
 * instances (decision 037) is proved here from outside, through HTTP and sockets only.
 */

const KEY = 'sk-test-two-instances';
const SAID = 'What worries you most about the crown?';
const LIMITS = {
  SOCKETS_PER_USER: '2',
  CONCURRENT_TURNS_PER_USER: '1',
  TURNS_PER_HOUR: '6',
  // A Realtime call's first minute (20) three times: a fourth call is over the hour's budget.
  AI_BUDGET_PER_HOUR: '60',
};

/** Polls until `ok`, bounded: cross-instance news travels by NOTIFY, in milliseconds. */
async function eventually<T>(read: () => T | Promise<T>, ok: (v: T) => boolean, what: string) {
  const until = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > until)
      throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const METRICS_TOKEN = 'cluster-metrics-token-0123456789';

describe.skipIf(!postgresUrl())('two instances on one PostgreSQL database', () => {
  let t: TestDb;
  let stub: OpenAiStub;
  let a: ServerProcess;
  let b: ServerProcess;
  const cleanup: Array<() => Promise<unknown>> = [];

  beforeAll(async () => {
    [t, stub] = await Promise.all([createTestDb('postgres'), startOpenAiStub()]);
    const env = {
      DATABASE_URL: t.url!,
      AI_PROVIDER: 'openai',
      OPENAI_BASE_URL: stub.url,
      OPENAI_API_KEY: KEY,
      AI_MAX_RETRIES: '0',
      REALTIME_MODEL: 'gpt-realtime',
      METRICS_TOKEN,
      ...LIMITS,
    };
    [a, b] = await Promise.all([spawnServer(env), spawnServer(env)]);
  });
  afterEach(async () => {
    await Promise.all(cleanup.splice(0).map((f) => f()));
    stub.reset();
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await killServers();
    await stub?.close();
    await t?.drop();
  });

  /** A new user signed in (the cookie works on both instances) with a conversation. */
  async function newUser() {
    const http = new HttpClient(a.url);
    const signedUp = await http.post('/api/auth/sign-up', {
      email: uniqueEmail('cluster'),
      password: 'correct horse battery',
      fullName: 'Dr Two Hosts',
    });
    expect(signedUp.status).toBe(201);
    const { body } = await http.get('/api/scenarios');
    const scenarios = body.scenarios as Array<{ id: string; title: string }>;
    const crown = scenarios.find((s) => /crown/i.test(s.title))!;
    // One open conversation per scenario: `another` opens one of a different scenario.
    const conversation = async (scenarioId = crown.id) =>
      (await http.post('/api/conversations', { scenarioId })).body.session.id as string;
    const another = () => conversation(scenarios.find((s) => s.id !== crown.id)!.id);
    const on = (server: ServerProcess) => {
      const client = new HttpClient(server.url);
      client.cookie = http.cookie;
      return client;
    };
    const socket = async (server: ServerProcess, conversationId: string) => {
      const opened = await TestSocket.open(server.url, conversationId, { cookie: http.cookie });
      cleanup.push(() => opened.close());
      await opened.next('history');
      return opened;
    };
    const call = async (server: ServerProcess, conversationId: string) => {
      const opened = await openRealtimeCall({
        url: `${server.url}/api/conversations/${conversationId}/realtime`,
        headers: { cookie: http.cookie!, origin: server.url },
      });
      cleanup.push(() => opened.close());
      return opened;
    };
    return { cookie: http.cookie, conversation, another, on, socket, call };
  }

  /**
   * Returns once `to` has read everything `from` told the others so far: the instances' messages
   * arrive in order, so a later one seen proves the earlier ones read. The later one: a fresh
   * user's two sockets on `from`, seen as the cap when `to` refuses a third.
   */
  async function caughtUp(from: ServerProcess, to: ServerProcess) {
    const probe = await newUser();
    const conversationId = await probe.conversation();
    await probe.socket(from, conversationId);
    await probe.socket(from, conversationId);
    await eventually(
      () => upgradeStatus(to.url, conversationId, { cookie: probe.cookie }),
      (status) => status === 429,
      'the other instance to catch up',
    );
  }

  async function turn(socket: TestSocket, text: string) {
    const clientId = randomUUID();
    const from = socket.frames.length;
    socket.send({ type: 'turn', clientId, text, stream: true });
    return Promise.race([
      socket.next('reply_done', () => true, from),
      socket.next('error', (e) => e.clientId === clientId, from),
    ]);
  }

  it('each instance counts the other as its peer in /metrics', async () => {
    const peers = async (server: ServerProcess) => {
      const response = await fetch(`${server.url}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      return /^chairtalk_cluster_peers (\d+)$/m.exec(await response.text())?.[1];
    };
    // Heard once the other's first heartbeat or message arrives.
    await vi.waitFor(async () => expect(await peers(a)).toBe('1'), { timeout: 15_000 });
    await vi.waitFor(async () => expect(await peers(b)).toBe('1'), { timeout: 15_000 });
  });

  it('a conversation ended through one instance tells its socket on the other', async () => {
    const user = await newUser();
    const conversationId = await user.conversation();
    const onB = await user.socket(b, conversationId);
    for (const text of ['What brings you in today?', 'How long has it hurt?']) {
      expect((await turn(onB, text)).type).toBe('reply_done');
    }
    const from = onB.frames.length;
    const ended = await user.on(a).post(`/api/conversations/${conversationId}/end`);
    expect(ended.status).toBe(200);
    // The frame a page opening an ended conversation gets: the chat shows the end at once.
    const told = await onB.next('history', () => true, from);
    expect(told.ended).toBe(true);
    expect(told.messages.filter((m) => m.role === 'user')).toHaveLength(2);
    // And the database refuses a turn sent anyway, as before.
    expect(await turn(onB, 'One more thing')).toMatchObject({
      type: 'error',
      code: 'conflict:ended',
    });
  });

  it('the sockets per user are capped over both instances', async () => {
    const user = await newUser();
    const conversationId = await user.conversation();
    const first = await user.socket(a, conversationId);
    await user.socket(b, conversationId);
    // Each instance holds one of the user's two: a third is refused on either.
    for (const server of [a, b]) {
      expect(
        await eventually(
          () => upgradeStatus(server.url, conversationId, { cookie: user.cookie }),
          (status) => status === 429,
          'the refusal',
        ),
      ).toBe(429);
    }
    await first.close();
    expect(
      await eventually(
        () => upgradeStatus(b.url, conversationId, { cookie: user.cookie }),
        (status) => status === 101,
        'a free place once one closed',
      ),
    ).toBe(101);
  });

  it('the turns running per user are capped over both instances', async () => {
    const user = await newUser();
    const [first, second] = [await user.conversation(), await user.another()];
    const onA = await user.socket(a, first);
    const onB = await user.socket(b, second);
    stub.setTiming({ firstTokenDelayMs: 1_500 });
    const slow = turn(onA, 'Tell me everything about it.');
    await onA.next('turn_stored');
    // B counts A's turn within a NOTIFY's latency; the test waits for that, not for a time.
    await caughtUp(a, b);
    expect(await turn(onB, 'And meanwhile?')).toMatchObject({
      type: 'error',
      code: 'rate_limit:concurrent',
    });
    expect((await slow).type).toBe('reply_done');
    stub.setTiming({ firstTokenDelayMs: 0 });
    expect(
      (
        await eventually(
          () => turn(onB, 'Now then?'),
          (frame) => frame.type === 'reply_done',
          'a turn once the first finished',
        )
      ).type,
    ).toBe('reply_done');
  });

  it('the hourly turn quota holds over both instances', async () => {
    const user = await newUser();
    const conversationId = await user.conversation();
    const sockets = [await user.socket(a, conversationId), await user.socket(b, conversationId)];
    const answers: string[] = [];
    for (let i = 0; i < Number(LIMITS.TURNS_PER_HOUR) + 1; i++) {
      // The previous turn, on the other instance, is told finished just after its reply_done.
      const frame = await eventually(
        () => turn(sockets[i % 2]!, `Question number ${i + 1}?`),
        (f) => f.type !== 'error' || f.code !== 'rate_limit:concurrent',
        'the previous turn to be counted finished',
      );
      answers.push(frame.type === 'error' ? frame.code : frame.type);
    }
    expect(answers).toEqual([
      ...Array(Number(LIMITS.TURNS_PER_HOUR)).fill('reply_done'),
      'rate_limit:turns',
    ]);
  });

  it('a Realtime call set up on one instance: its lines reach the page on the other, and the page hangs up through it', async () => {
    stub.setRealtimeCall({ userTranscripts: [SAID], replies: ['Mostly the cost.'], msPerWord: 60 });
    const user = await newUser();
    const conversationId = await user.conversation();
    const onB = await user.socket(b, conversationId);
    const call = await user.call(a, conversationId);
    expect(call.status).toBe(201);
    await call.waitConnected();
    await call.sendTone(800);
    const line = await onB.next('realtime_transcript', (f) => f.role === 'user' && f.final);
    expect(line.text).toBe(SAID);
    const reply = await onB.next('message_stored', (f) => f.message.role === 'assistant');
    expect(reply.message.content).toBe('Mostly the cost.');
    expect(
      onB.frames.some((f) => f.type === 'realtime_state' && f.state === 'patient_speaking'),
    ).toBe(true);

    const hungUp = await user
      .on(b)
      .request('DELETE', `/api/conversations/${conversationId}/realtime`);
    expect(hungUp.status).toBe(204);
    // Answered once the call on A has ended: the hang-up waited for it.
    expect(stub.realtimeCalls.at(-1)!.hungUp).toBe(true);
    expect(await onB.next('realtime_ended')).toMatchObject({
      reason: 'hung_up',
      message: REALTIME_TEXT.hungUp,
    });
  });

  it('a call set up through the other instance replaces the first, which the page hears of first', async () => {
    stub.setRealtimeCall({ userTranscripts: [SAID], replies: ['Mostly the cost.'], msPerWord: 60 });
    const user = await newUser();
    const conversationId = await user.conversation();
    const onB = await user.socket(b, conversationId);
    const first = await user.call(a, conversationId);
    expect(first.status).toBe(201);
    const second = await user.call(b, conversationId);
    // A second call of the same conversation is not a second call at once (cap 1).
    expect(second.status).toBe(201);
    expect(stub.realtimeCalls).toHaveLength(2);
    expect(stub.realtimeCalls[0]!.hungUp).toBe(true);
    expect(stub.realtimeCalls[1]!.hungUp).toBe(false);
    expect(await onB.next('realtime_ended')).toMatchObject({ reason: 'replaced' });
    // The page lets the replaced call go, as the browser does.
    await first.close();
    // A call of another conversation is one more at once: refused on either instance.
    await caughtUp(b, a);
    const other = await user.call(a, await user.another());
    expect([other.status, (other.error as { error: { code: string } }).error.code]).toEqual([
      429,
      'rate_limit:concurrent',
    ]);
    // Ending the conversation through A hangs up the call held by B, stored first.
    await second.waitConnected();
    await second.sendTone(800);
    await onB.next('message_stored', (f) => f.message.role === 'assistant');
    const ended = await user.on(a).post(`/api/conversations/${conversationId}/end`);
    expect(ended.status).toBe(200);
    expect(stub.realtimeCalls[1]!.hungUp).toBe(true);
    expect(await onB.next('realtime_ended', (f) => f.reason !== 'replaced')).toMatchObject({
      reason: 'conversation_ended',
    });
  });

  it('a page that reconnected to the other instance keeps its call and its lines', async () => {
    // A reply spoken for longer than the grace a call waits for a page that left (5 s).
    const words = 'Well, it is mostly the cost, and then the time off work, and the drilling too.';
    stub.setRealtimeCall({ userTranscripts: [SAID], replies: [words], msPerWord: 450 });
    const user = await newUser();
    const conversationId = await user.conversation();
    const onA = await user.socket(a, conversationId);
    const call = await user.call(a, conversationId);
    await call.waitConnected();
    // The page's socket moves to B (its instance dropped it; the balancer chose the other).
    await onA.close();
    const onB = await user.socket(b, conversationId);
    await call.sendTone(800);
    await onB.next('realtime_state', (f) => f.state === 'patient_speaking');
    const reply = await onB.next('message_stored', (f) => f.message.role === 'assistant');
    expect(reply.message).toMatchObject({ content: words, partial: false });
    expect(onB.frames.some((f) => f.type === 'realtime_ended')).toBe(false);
    expect(stub.realtimeCalls.at(-1)!.hungUp).toBe(false);
    const stored = await listMessagesByConversation(t.db, { conversationId });
    expect(stored.slice(-2).map((m) => m.content)).toEqual([SAID, words]);
  });

  it('the AI budget holds over both instances', async () => {
    stub.setRealtimeCall({ userTranscripts: [SAID], replies: ['Fine.'] });
    const user = await newUser();
    const conversationId = await user.conversation();
    const statuses: unknown[] = [];
    for (const server of [a, b, a, b]) {
      const call = await user.call(server, conversationId);
      statuses.push(
        call.status === 201 ? 201 : (call.error as { error: { code: string } }).error.code,
      );
      if (call.status !== 201) continue;
      const hungUp = await user
        .on(server)
        .request('DELETE', `/api/conversations/${conversationId}/realtime`);
      expect(hungUp.status).toBe(204);
      await call.close();
      // The next call, on the other instance, must not count this one as still running.
      await caughtUp(server, server === a ? b : a);
    }
    // Each call paid its first minute on the instance that set it up; the fourth is refused.
    expect(statuses).toEqual([201, 201, 201, 'rate_limit:ai_budget']);
  });

  it("a user's new scenario shows at once on the other instance, whose stamp was kept", async () => {
    const user = await newUser();
    const onB = user.on(b);
    const before = (await onB.get('/api/scenarios')).body.scenarios as Array<{ id: string }>;
    // B keeps this user's stamp for SCENARIO_LIST_CACHE_SECONDS (5): without the bus, B would
    // answer the old list until it expires.
    const shipped = before[0]!;
    const copied = await user.on(a).post(`/api/authoring/scenarios/${shipped.id}/duplicate`);
    expect(copied.status).toBe(201);
    await caughtUp(a, b);
    const after = (await onB.get('/api/scenarios')).body.scenarios as Array<{ id: string }>;
    expect(after).toHaveLength(before.length + 1);
    expect(after.map((s) => s.id)).toContain(copied.body.summary.id);
  });

  // Last: it kills instance A.
  it('a call whose instance is killed ends with its message on the page held by the other', async () => {
    stub.setRealtimeCall({ userTranscripts: [SAID], replies: ['Fine.'] });
    const user = await newUser();
    const conversationId = await user.conversation();
    const onB = await user.socket(b, conversationId);
    const call = await user.call(a, conversationId);
    expect(call.status).toBe(201);
    await onB.next('realtime_state');
    await a.stop('SIGKILL');
    // B hears nothing more from A and, once A is past its heartbeats, takes its calls as gone.
    expect(await onB.next('realtime_ended')).toMatchObject({
      reason: 'dropped',
      message: REALTIME_TEXT.dropped,
    });
    // The conversation carries on through B.
    expect((await turn(onB, 'Are you still there?')).type).toBe('reply_done');
  });
});
