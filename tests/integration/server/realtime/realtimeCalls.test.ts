import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AI_COSTS } from '#server/ai/aiCosts';
import { createAiRoles } from '#server/ai/roles';
import { loadConfig } from '#server/config';
import { listMessagesByConversation } from '#server/db/messages';
import { LEAVE_GRACE_MS } from '#server/realtime/realtimeCalls';
import { createLogger } from '#server/logger';
import type { StartOptions } from '#server/startServer';
import { MAX_SDP_BYTES } from '#shared/api/realtime';
import { ERRORS } from '#shared/errors';
import { heardPart } from '#shared/heardPart';
import { REALTIME_TEXT } from '#shared/text';
import { SPOKEN_CHARS_PER_SECOND } from '#server/realtime/replyAudio';
import {
  ANSWER_SDP,
  fakeRealtimeProvider,
  realtimeEvents as ev,
  type FakeCall,
} from '../../../fixtures/fakeRealtimeProvider';
import { startOpenAiStub, type OpenAiStub } from '../../../fixtures/openaiStub';
import { signedInClient, type HttpClient } from '../../../helpers/httpClient';
import { TestSocket } from '../../../helpers/socketClient';
import { createTestDb, type TestDb } from '../../../helpers/testDb';
import { startTestServer, type TestServer } from '../../../helpers/testServer';

/**
 * The Realtime engine on the server, with a provider the test drives event by event: the SDP
 * endpoint's checks and what it returns, and the sideband's events becoming stored messages,
 * live lines and an end, over the real HTTP server, socket and database.
 */

const OFFER =
  'v=0\r\no=- 46117 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\na=group:BUNDLE 0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\nc=IN IP4 0.0.0.0\r\na=mid:0\r\na=sendrecv\r\na=rtpmap:111 opus/48000/2\r\n';
const KEY = 'sk-test-realtime-secret';
const REPLY = 'I suppose the cost worries me more than the drilling, to be honest with you.';
/** Characters heard in `ms` of the patient's audio before the call learnt the voice's rate. */
const heardIn = (ms: number) => Math.round((ms / 1000) * SPOKEN_CHARS_PER_SECOND);

async function waitFor<T>(
  check: () => T | undefined | null | false,
  what: string,
  timeoutMs = 4_000,
): Promise<T> {
  for (let i = 0; i < timeoutMs / 10; i++) {
    const value = check();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('Realtime calls on the server (a scripted provider)', () => {
  const fake = fakeRealtimeProvider();
  /** The clock the server times the patient's audio on: the tests move it. */
  let clockMs = 0;
  let testDb: TestDb;
  let stub: OpenAiStub;
  let server: TestServer;
  const sockets: TestSocket[] = [];

  async function startWith(env: Record<string, string> = {}, options: Partial<StartOptions> = {}) {
    const all = {
      AI_PROVIDER: 'openai',
      OPENAI_BASE_URL: stub.url,
      OPENAI_API_KEY: KEY,
      AI_MAX_RETRIES: '0',
      REALTIME_MODEL: 'gpt-realtime',
      // Every test signs a new user up from this one address.
      AUTH_ATTEMPTS_PER_ADDRESS: '1000',
      ...env,
    };
    const roles = createAiRoles(loadConfig(all).ai, createLogger('silent'));
    return startTestServer(testDb.db, all, {
      ai: { ...roles, realtime: fake.provider },
      realtimeClock: () => clockMs,
      ...options,
    });
  }

  beforeAll(async () => {
    [testDb, stub] = await Promise.all([createTestDb('pglite'), startOpenAiStub()]);
    server = await startWith();
  });
  afterAll(async () => {
    await server?.close();
    await stub?.close();
    await testDb?.drop();
  });
  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.close()));
    fake.reset();
    stub.reset();
  });

  async function openConversation(on: TestServer = server, user?: HttpClient) {
    const client = user ?? (await signedInClient(on.url));
    const { body } = await client.get('/api/scenarios');
    const scenario = body.scenarios.find((s: { title: string }) => /crown/i.test(s.title));
    const created = await client.post('/api/conversations', { scenarioId: scenario.id });
    const conversationId = created.body.session.id as string;
    const socket = await TestSocket.open(on.url, conversationId, { cookie: client.cookie });
    sockets.push(socket);
    const history = await socket.next('history');
    return { socket, conversationId, client, history };
  }

  const postOffer = (
    client: HttpClient,
    conversationId: string,
    body = OFFER,
    type = 'application/sdp',
    query = '',
  ) =>
    client.request('POST', `/api/conversations/${conversationId}/realtime${query}`, body, {
      'content-type': type,
    });

  async function connect(on: TestServer = server, query = '') {
    const opened = await openConversation(on);
    const answer = await postOffer(opened.client, opened.conversationId, OFFER, undefined, query);
    expect(answer.status).toBe(201);
    const call = fake.calls.at(-1)!;
    call.emit(ev.sessionCreated());
    return { ...opened, answer, call };
  }

  /**
   * One exchange as the provider tells it: the clinician, then the patient's reply, whose audio
   * starts at the test clock's present time.
   */
  function exchange(call: FakeCall, n: number, said: string, reply: string) {
    const user = `item_u${n}`;
    const bot = `item_a${n}`;
    const response = `resp_${n}`;
    call.emit(ev.speechStarted(user));
    call.emit(ev.speechStopped(user));
    call.emit(ev.committed(user));
    call.emit(ev.responseCreated(response));
    call.emit(ev.replyItem(response, bot));
    call.emit(ev.audioStarted(response));
    call.emit(ev.replyDelta(response, bot, reply));
    return { user, bot, response, transcribe: () => call.emit(ev.userDone(user, said)) };
  }

  /** The AI budget this conversation's user has used this hour. */
  async function budgetUsed(conversationId: string): Promise<number> {
    const [row] = await testDb.db.query<{ used: number }>(
      `SELECT h.used FROM hourly_usage h JOIN conversation_sessions c ON c.user_id = h.user_id
        WHERE c.id = $1 AND h.kind = 'ai_budget'`,
      [conversationId],
    );
    return row?.used ?? 0;
  }

  it('offers the engine, and answers an offer with the SDP only: no key, no instructions', async () => {
    const { client, conversationId, history, answer, call } = await connect();
    expect(history.voice.realtime).toBe(true);
    expect(answer.headers.get('content-type')).toMatch(/^application\/sdp/);
    expect(answer.text).toBe(ANSWER_SDP);
    expect(call.offerSdp).toBe(OFFER);
    // The server added the patient, hidden concerns included; none of it went back.
    const hidden = /hidden concerns/i;
    expect(call.session.instructions).toMatch(hidden);
    const everything = `${answer.text}${JSON.stringify([...answer.headers])}`;
    expect(everything).not.toMatch(hidden);
    expect(everything).not.toContain(KEY);
    expect(everything).not.toContain(call.callId);
    const detail = await client.get(`/api/conversations/${conversationId}`);
    expect(detail.text).not.toContain(call.callId);
  });

  it('stores both sides in order though the clinician is transcribed after the reply', async () => {
    const { socket, conversationId, call } = await connect();
    const one = exchange(call, 1, 'What worries you most?', 'The cost, mostly.');
    call.emit(ev.replyDone(one.response, one.bot, 'The cost, mostly.'));
    expect(await socket.next('realtime_state', (f) => f.state === 'patient_speaking')).toBeTruthy();
    // Nothing is stored while the clinician's words are still being transcribed.
    await new Promise((r) => setTimeout(r, 50));
    expect(socket.frames.filter((f) => f.type === 'message_stored')).toHaveLength(0);
    call.emit(ev.userDelta(one.user, 'What worries'));
    expect(await socket.next('realtime_transcript', (f) => f.role === 'user')).toMatchObject({
      text: 'What worries',
      final: false,
    });
    one.transcribe();
    const first = await socket.next('message_stored');
    const second = await socket.next('message_stored', (f) => f.message.id !== first.message.id);
    expect([first.message.role, first.message.content]).toEqual(['user', 'What worries you most?']);
    expect(first.message.source).toBe('voice');
    expect([second.message.role, second.message.content]).toEqual([
      'assistant',
      'The cost, mostly.',
    ]);
    const stored = await listMessagesByConversation(testDb.db, { conversationId });
    expect(stored.slice(-2).map((m) => m.content)).toEqual([
      'What worries you most?',
      'The cost, mostly.',
    ]);
  });

  it('barge-in: a reply cut while playing is stored as far as it was heard', async () => {
    const { socket, conversationId, call } = await connect();
    const reply = 'I suppose the cost worries me more than the drilling, to be honest.';
    const one = exchange(call, 1, 'Tell me more.', reply);
    one.transcribe();
    call.emit(ev.replyDone(one.response, one.bot, reply));
    const stored = await socket.next('message_stored', (f) => f.message.role === 'assistant');
    expect(stored.message).toMatchObject({ content: reply, partial: false });
    // The clinician cuts in 1.3 s into the reply's audio.
    call.emit(ev.speechStarted('item_u2'));
    call.emit(ev.truncated(one.bot, 1300));
    const revised = await socket.next('reply_revised');
    expect(revised.message).toMatchObject({
      id: stored.message.id,
      content: 'I suppose the cost',
      partial: true,
    });
    const rows = await listMessagesByConversation(testDb.db, { conversationId });
    expect(rows.at(-1)).toMatchObject({ content: 'I suppose the cost', partial: true });
  });

  describe('Stop audio: what was played is what is kept, whatever the provider sends back', () => {
    it('a reply generated in full before its audio played: cleared and truncated at what played, no cancel', async () => {
      const { socket, conversationId, call } = await connect();
      clockMs = 1_000;
      const one = exchange(call, 1, 'Tell me more.', REPLY);
      call.emit(ev.replyDone(one.response, one.bot, REPLY));
      one.transcribe();
      const stored = await socket.next('message_stored', (f) => f.message.role === 'assistant');
      expect(stored.message).toMatchObject({ content: REPLY, partial: false });

      // 3.5 s into its audio, and the provider never says `conversation.item.truncated`.
      clockMs = 4_500;
      socket.send({ type: 'cancel' });
      const revised = await socket.next('reply_revised');
      const heard = heardPart(REPLY, heardIn(3_500));
      expect(heard).toBe('I suppose the cost worries me more than the drilling, to be');
      expect(revised.message).toMatchObject({
        id: stored.message.id,
        content: heard,
        partial: true,
      });
      expect(call.clientEvents).toMatchObject([
        { type: 'output_audio_buffer.clear' },
        {
          type: 'conversation.item.truncate',
          item_id: one.bot,
          content_index: 0,
          audio_end_ms: 3_500,
        },
      ]);
      // The dialog's 'Patient:' line says what was heard, and the Stop button goes.
      expect(
        socket.frames.findLast((f) => f.type === 'realtime_transcript' && f.role === 'assistant'),
      ).toMatchObject({ text: heard, final: true });
      expect(socket.frames.findLast((f) => f.type === 'realtime_state')).toMatchObject({
        state: 'listening',
      });
      const rows = await listMessagesByConversation(testDb.db, { conversationId });
      expect(rows.at(-1)).toMatchObject({ content: heard, partial: true });

      // The provider's echo of the cut changes nothing; a refusal of one of our steps is no
      // warning.
      call.emit(ev.truncated(one.bot, 3_500));
      call.emit(ev.audioCleared(one.response));
      const truncate = call.clientEvents[1]!;
      call.emit(ev.error('invalid_value', 'Audio content is shorter', truncate.event_id ?? null));
      socket.send({ type: 'cancel' });
      await waitFor(
        () => server.logs.some((l) => l.includes('realtime.step_refused')),
        'the refusal logged',
      );
      expect(server.logs.filter((l) => l.includes('"warn"') && l.includes('realtime'))).toEqual([]);
      expect(socket.frames.filter((f) => f.type === 'reply_revised')).toHaveLength(1);
      expect(call.clientEvents).toHaveLength(2);
    });

    it('a reply still being generated: cancelled, cleared and truncated; stored as heard', async () => {
      const { socket, conversationId, call } = await connect();
      clockMs = 10_000;
      const one = exchange(call, 1, 'Go on.', 'I suppose the cost');
      one.transcribe();
      await socket.next('message_stored', (f) => f.message.role === 'user');
      clockMs = 10_740;
      socket.send({ type: 'cancel' });
      await waitFor(() => call.clientEvents.length === 3, 'the stop');
      expect(call.clientEvents).toMatchObject([
        { type: 'response.cancel', response_id: one.response },
        { type: 'output_audio_buffer.clear' },
        { type: 'conversation.item.truncate', item_id: one.bot, audio_end_ms: 740 },
      ]);
      // The provider ends the response with the words it had generated.
      call.emit(ev.replyDone(one.response, one.bot, 'I suppose the cost', 'cancelled'));
      const stored = await socket.next('message_stored', (f) => f.message.role === 'assistant');
      expect(stored.message).toMatchObject({
        content: heardPart('I suppose the cost', heardIn(740)),
        partial: true,
      });
      expect(stored.message.content).toBe('I suppose the');
      const rows = await listMessagesByConversation(testDb.db, { conversationId });
      expect(rows.at(-1)).toMatchObject({ content: 'I suppose the', partial: true });
    });

    it('nothing is sent when no reply is playing', async () => {
      const { socket, call } = await connect();
      const one = exchange(call, 1, 'Hello?', 'Fine.');
      call.emit(ev.replyDone(one.response, one.bot, 'Fine.'));
      call.emit(ev.audioStopped(one.response));
      socket.send({ type: 'cancel' });
      socket.send({ type: 'turn', clientId: 'after', text: 'Still there?', stream: false });
      await socket.next('turn_stored');
      expect(call.clientEvents).toEqual([]);
    });

    it("learns the voice's rate from a reply heard to its end, and cuts the next one by it", async () => {
      const { socket, call } = await connect();
      // 76 characters played in 3.8 s: 20 a second.
      clockMs = 0;
      const one = exchange(call, 1, 'How are you?', REPLY);
      call.emit(ev.replyDone(one.response, one.bot, REPLY));
      clockMs = 3_800;
      call.emit(ev.audioStopped(one.response));
      clockMs = 5_000;
      const two = exchange(call, 2, 'And?', REPLY);
      call.emit(ev.replyDone(two.response, two.bot, REPLY));
      clockMs = 8_500;
      socket.send({ type: 'cancel' });
      const line = await socket.next(
        'realtime_transcript',
        (f) => f.role === 'assistant' && f.itemId === two.bot && f.final,
      );
      expect(line.text).toBe(heardPart(REPLY, 70));
    });
  });

  it("the provider's own barge-in: the reply is kept as heard without a truncated event", async () => {
    const { socket, call } = await connect();
    clockMs = 0;
    const one = exchange(call, 1, 'Tell me more.', REPLY);
    call.emit(ev.replyDone(one.response, one.bot, REPLY));
    one.transcribe();
    const stored = await socket.next('message_stored', (f) => f.message.role === 'assistant');
    clockMs = 1_300;
    call.emit(ev.speechStarted('item_u2'));
    call.emit(ev.audioCleared(one.response));
    const revised = await socket.next('reply_revised');
    expect(revised.message).toMatchObject({
      id: stored.message.id,
      content: heardPart(REPLY, heardIn(1_300)),
      partial: true,
    });
    // The provider cut it itself: nothing of ours on the sideband.
    expect(call.clientEvents).toEqual([]);
  });

  it("the provider's own barge-in while the reply is generated: cancelled before or after it is cleared", async () => {
    for (const order of ['done first', 'cleared first'] as const) {
      const { socket, call } = await connect();
      clockMs = 0;
      const one = exchange(call, 1, 'Tell me more.', REPLY);
      one.transcribe();
      await socket.next('message_stored', (f) => f.message.role === 'user');
      clockMs = 1_300;
      call.emit(ev.speechStarted('item_u2'));
      const cancelled = ev.replyDone(one.response, one.bot, REPLY, 'cancelled');
      const cleared = ev.audioCleared(one.response);
      for (const event of order === 'done first' ? [cancelled, cleared] : [cleared, cancelled]) {
        call.emit(event);
      }
      const stored = await socket.next('message_stored', (f) => f.message.role === 'assistant');
      expect([order, stored.message]).toMatchObject([
        order,
        { content: heardPart(REPLY, heardIn(1_300)), partial: true },
      ]);
    }
  });

  it('a reply ended by its token cap is all played, so it is stored whole', async () => {
    const { socket, call } = await connect();
    const one = exchange(call, 1, 'Tell me everything.', REPLY);
    one.transcribe();
    const capped = ev.replyDone(one.response, one.bot, REPLY);
    if (capped.type === 'response.done') capped.response.status = 'incomplete';
    call.emit(capped);
    const stored = await socket.next('message_stored', (f) => f.message.role === 'assistant');
    expect(stored.message).toMatchObject({ content: REPLY, partial: false });
  });

  it('ending the conversation hangs up, stores what the call owed, then grades it all', async () => {
    const { socket, client, conversationId, call } = await connect();
    const one = exchange(call, 1, 'How are you feeling about the crown?', 'Nervous.');
    one.transcribe();
    call.emit(ev.replyDone(one.response, one.bot, 'Nervous.'));
    await socket.next('message_stored', (f) => f.message.role === 'assistant');
    // A second utterance, transcribed only in part when the conversation ends.
    const two = exchange(call, 2, 'unused', 'Well');
    call.emit(ev.userDelta(two.user, 'And the cost'));
    const ended = await client.post(`/api/conversations/${conversationId}/end`);
    expect(ended.status).toBe(200);
    expect(call.hungUp).toBe(true);
    expect(await socket.next('realtime_ended')).toMatchObject({
      reason: 'conversation_ended',
      message: REALTIME_TEXT.conversationEnded,
    });
    const rows = await listMessagesByConversation(testDb.db, { conversationId });
    expect(rows.slice(-2).map((m) => [m.role, m.content])).toEqual([
      ['user', 'And the cost'],
      ['assistant', '…'],
    ]);
    // The grader read the whole transcript, the call's last words included.
    const graded = stub.requests.findLast((r) => r.path === '/v1/chat/completions');
    expect(JSON.stringify(graded?.body)).toContain('And the cost');
  });

  describe('standby calls: set up when Voice Mode opens, started by the click', () => {
    const STANDBY = '?standby=1';
    const hangUpStandby = (client: HttpClient, conversationId: string) =>
      client.request('DELETE', `/api/conversations/${conversationId}/realtime${STANDBY}`);

    it('one never started is hung up with the dialog and costs nothing', async () => {
      const { client, conversationId, call } = await connect(server, STANDBY);
      expect(await budgetUsed(conversationId)).toBe(AI_COSTS.realtimeMinute);
      expect((await hangUpStandby(client, conversationId)).status).toBe(204);
      expect(call.hungUp).toBe(true);
      expect(await budgetUsed(conversationId)).toBe(0);
    });

    it('the click starts it: paid for from then on, and the dialog gets its state', async () => {
      const { socket, client, conversationId, call } = await connect(server, STANDBY);
      socket.send({ type: 'realtime_start' });
      expect(await socket.next('realtime_state', (f) => f.state === 'listening')).toBeTruthy();
      await waitFor(
        () => server.logs.some((l) => l.includes('realtime.begun')),
        'the start on the server',
      );
      // Started, it is not a standby any more: the dialog's standby hang-up leaves it alone.
      await hangUpStandby(client, conversationId);
      expect(call.hungUp).toBe(false);
      const hung = await client.request('DELETE', `/api/conversations/${conversationId}/realtime`);
      expect(hung.status).toBe(204);
      expect(call.hungUp).toBe(true);
      expect(await budgetUsed(conversationId)).toBe(AI_COSTS.realtimeMinute);
    });

    it('the provider hearing the clinician starts it too, told or not', async () => {
      const { client, conversationId, call } = await connect(server, STANDBY);
      call.emit(ev.speechStarted('item_u1'));
      await hangUpStandby(client, conversationId);
      expect(call.hungUp).toBe(false);
      await client.request('DELETE', `/api/conversations/${conversationId}/realtime`);
      expect(await budgetUsed(conversationId)).toBe(AI_COSTS.realtimeMinute);
    });

    it('never replaces a call in use (another window), which a standby does not hang up', async () => {
      const { client, conversationId, socket, call } = await connect();
      const refused = await postOffer(client, conversationId, OFFER, undefined, STANDBY);
      expect([refused.status, refused.body.error.code]).toEqual([409, 'conflict:realtime_call']);
      expect(refused.body.error.message).toBe(REALTIME_TEXT.callInUse);
      expect(fake.calls).toHaveLength(1);
      expect(call.hungUp).toBe(false);
      expect(socket.frames.filter((f) => f.type === 'realtime_ended')).toEqual([]);
      expect(await budgetUsed(conversationId)).toBe(AI_COSTS.realtimeMinute);
    });
  });

  it('a dropped sideband ends the call with its message, and typed chat still works', async () => {
    const { socket, call } = await connect();
    call.drop();
    expect(await socket.next('realtime_ended')).toMatchObject({
      reason: 'dropped',
      message: REALTIME_TEXT.dropped,
    });
    expect(call.hungUp).toBe(true);
    socket.send({ type: 'turn', clientId: 'typed-1', text: 'Are you still there?', stream: true });
    expect(await socket.next('turn_stored')).toMatchObject({ clientId: 'typed-1' });
    await socket.next('reply_done');
  });

  it('hangs up on DELETE, and when the last socket of the conversation leaves', async () => {
    const { client, conversationId, call } = await connect();
    const hung = await client.request('DELETE', `/api/conversations/${conversationId}/realtime`);
    expect(hung.status).toBe(204);
    expect(call.hungUp).toBe(true);
    // Again: nothing to hang up, still 204.
    expect(
      (await client.request('DELETE', `/api/conversations/${conversationId}/realtime`)).status,
    ).toBe(204);

    const second = await connect();
    await second.socket.close();
    await waitFor(() => second.call.hungUp, 'the hang-up after leaving', LEAVE_GRACE_MS + 3_000);
  }, 15_000);

  it('a second call for the conversation replaces the first', async () => {
    const { client, conversationId, socket, call } = await connect();
    expect((await postOffer(client, conversationId)).status).toBe(201);
    expect(call.hungUp).toBe(true);
    expect(await socket.next('realtime_ended')).toMatchObject({ reason: 'replaced' });
    expect(fake.calls).toHaveLength(2);
  });

  it('refuses what is not an owned, open conversation with an SDP offer', async () => {
    const { client, conversationId } = await openConversation();
    const other = await signedInClient(server.url);
    const cases: Array<[string, Promise<{ status: number; body: any }>, number, string]> = [
      ['another user', postOffer(other, conversationId), 404, 'not_found:conversation'],
      ['a malformed id', postOffer(client, 'not-a-uuid'), 404, 'not_found:conversation'],
      [
        'JSON',
        postOffer(client, conversationId, '{"sdp":"v=0"}', 'application/json'),
        415,
        'unsupported:body',
      ],
      [
        'text that is not SDP',
        postOffer(client, conversationId, 'hello', 'application/sdp'),
        400,
        'bad_request:sdp',
      ],
      [
        'a huge body',
        postOffer(client, conversationId, OFFER + 'a=x\r\n'.repeat(MAX_SDP_BYTES / 5)),
        413,
        'too_large:body',
      ],
    ];
    for (const [name, request, status, code] of cases) {
      const answer = await request;
      expect([name, answer.status, answer.body?.error?.code]).toEqual([name, status, code]);
      expect(answer.body.error.message).toBe(ERRORS[code as keyof typeof ERRORS]);
    }
    const anonymous = await fetch(`${server.url}/api/conversations/${conversationId}/realtime`, {
      method: 'POST',
      headers: { 'content-type': 'application/sdp' },
      body: OFFER,
    });
    expect(anonymous.status).toBe(401);
    expect(
      (await other.request('DELETE', `/api/conversations/${conversationId}/realtime`)).status,
    ).toBe(404);
    expect(fake.calls).toHaveLength(0);
  });

  it('an ended conversation gets 409, and a provider failure a clear 503', async () => {
    const { client, conversationId } = await openConversation();
    fake.failNext('create');
    const failed = await postOffer(client, conversationId);
    expect([failed.status, failed.body.error.code]).toEqual([503, 'unavailable:realtime']);
    fake.failNext('sideband');
    const noSideband = await postOffer(client, conversationId);
    expect([noSideband.status, noSideband.body.error.code]).toEqual([503, 'unavailable:realtime']);
    // The call whose sideband never opened was hung up, not left running.
    expect(fake.calls.at(-1)?.hungUp).toBe(true);

    const short = await openConversation();
    short.socket.send({ type: 'turn', clientId: 'c1', text: 'Hello there.', stream: false });
    await short.socket.next('reply_done');
    expect((await short.client.post(`/api/conversations/${short.conversationId}/end`)).status).toBe(
      200,
    );
    const ended = await postOffer(short.client, short.conversationId);
    expect([ended.status, ended.body.error.code]).toEqual([409, 'conflict:ended']);
  });

  it('without REALTIME_MODEL the engine is not offered, and an offer is a clear 404', async () => {
    const plain = await startTestServer(testDb.db, {});
    try {
      const { client, conversationId, history } = await openConversation(plain);
      expect(history.voice.realtime).toBe(false);
      const answer = await postOffer(client, conversationId);
      expect([answer.status, answer.body.error]).toEqual([
        404,
        { code: 'not_found:realtime', message: REALTIME_TEXT.notConfigured },
      ]);
    } finally {
      await plain.close({ keepDb: true });
    }
  });

  describe('limits', () => {
    let quota: TestServer;
    let short: TestServer;
    let budgeted: TestServer;
    beforeAll(async () => {
      [quota, short, budgeted] = await Promise.all([
        startWith({ TURNS_PER_HOUR: '2' }),
        startWith({ REALTIME_MAX_CALL_MINUTES: '0.01' }),
        // Two minutes of a call in the hour's AI budget, and minutes 50 ms long.
        startWith(
          { AI_BUDGET_PER_HOUR: String(2 * AI_COSTS.realtimeMinute) },
          { realtimeMinuteMs: 50 },
        ),
      ]);
    });
    afterAll(async () => {
      await quota?.close({ keepDb: true });
      await short?.close({ keepDb: true });
      await budgeted?.close({ keepDb: true });
    });

    it('the AI budget pays for each started minute: past it the call ends, and no new one is set up', async () => {
      const { socket, call, client, conversationId } = await connect(budgeted);
      expect(await socket.next('realtime_ended')).toMatchObject({
        reason: 'quota',
        message: REALTIME_TEXT.quotaReached,
      });
      expect(call.hungUp).toBe(true);
      const calls = fake.calls.length;
      const refused = await postOffer(client, conversationId);
      expect([refused.status, refused.body.error.code]).toEqual([429, 'rate_limit:ai_budget']);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      // Refused before the provider was asked for a call.
      expect(fake.calls.length).toBe(calls);
    });

    it('the hourly quota: the turn past it is cancelled before it is heard, and the call ends', async () => {
      const { socket, call, client, conversationId } = await connect(quota);
      const one = exchange(call, 1, 'First question?', 'One.');
      one.transcribe();
      call.emit(ev.replyDone(one.response, one.bot, 'One.'));
      const two = exchange(call, 2, 'Second question?', 'Two.');
      two.transcribe();
      await socket.next('message_stored', (f) => f.message.content === 'Second question?');
      exchange(call, 3, 'Third?', 'Three.');
      expect(await socket.next('realtime_ended')).toMatchObject({
        reason: 'quota',
        message: REALTIME_TEXT.quotaReached,
      });
      expect(call.clientEvents.map((e) => e.type)).toEqual([
        'response.cancel',
        'output_audio_buffer.clear',
        'conversation.item.truncate',
      ]);
      expect(call.hungUp).toBe(true);
      // A new call is refused at setup while the quota is used up.
      const refused = await postOffer(client, conversationId);
      expect([refused.status, refused.body.error.code]).toEqual([429, 'rate_limit:turns']);
    });

    it('an utterance with no words does not use up the quota', async () => {
      const { socket, call } = await connect(quota);
      const cough = exchange(call, 1, '', 'Sorry?');
      call.emit(ev.userDone(cough.user, '  '));
      call.emit(ev.replyDone(cough.response, cough.bot, 'Sorry?'));
      const one = exchange(call, 2, 'First question?', 'One.');
      one.transcribe();
      call.emit(ev.replyDone(one.response, one.bot, 'One.'));
      const two = exchange(call, 3, 'Second question?', 'Two.');
      two.transcribe();
      await socket.next('message_stored', (f) => f.message.content === 'Second question?');
      expect(socket.frames.filter((f) => f.type === 'realtime_ended')).toEqual([]);
      expect(call.clientEvents).toEqual([]);
    });

    it('a call that runs past its length is hung up with its message', async () => {
      const { socket, call } = await connect(short);
      expect(await socket.next('realtime_ended')).toMatchObject({
        reason: 'call_too_long',
        message: REALTIME_TEXT.callTooLong(1),
      });
      expect(call.hungUp).toBe(true);
    });

    it('a standby never started waits no longer than a call may last, and costs nothing', async () => {
      const { socket, call, conversationId } = await connect(short, '?standby=1');
      expect(await socket.next('realtime_ended')).toMatchObject({ reason: 'call_too_long' });
      expect(call.hungUp).toBe(true);
      expect(await budgetUsed(conversationId)).toBe(0);
    });

    it("a standby's further minutes are paid from its start, to the budget's end", async () => {
      const { socket, call, conversationId } = await connect(budgeted, '?standby=1');
      expect(await budgetUsed(conversationId)).toBe(AI_COSTS.realtimeMinute);
      socket.send({ type: 'realtime_start' });
      expect(await socket.next('realtime_ended')).toMatchObject({ reason: 'quota' });
      expect(call.hungUp).toBe(true);
      expect(await budgetUsed(conversationId)).toBe(2 * AI_COSTS.realtimeMinute);
    });
  });
});
