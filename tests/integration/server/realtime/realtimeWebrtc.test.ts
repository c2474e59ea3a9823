import { afterEach, describe, expect, it } from 'vitest';
import { listMessagesByConversation } from '#server/db/messages';
import { REALTIME_TEXT } from '#shared/text';
import { signedInClient, type HttpClient } from '../../../helpers/httpClient';
import { openRealtimeCall, type RealtimeCallClient } from '../../../helpers/realtimeClient';
import { TestSocket } from '../../../helpers/socketClient';
import { useTestServer } from '../../../helpers/useTestServer';

/**
 * A Realtime call end to end without a browser: a Node WebRTC peer (werift) posts its offer to
 * our server, which sets the call up with the WebRTC test peer standing in for the provider and
 * joins its sideband. The clinician's tone reaches the provider as audio, the patient's audio
 * comes back, and what both said is stored and relayed in order.
 */

const KEY = 'sk-test-realtime-webrtc';
const SAID = 'What worries you most about the crown?';
const REPLY = 'I suppose the cost worries me more than the drilling, to be honest.';

async function eventually<T>(read: () => T, ok: (value: T) => boolean, what: string, ms = 10_000) {
  const until = Date.now() + ms;
  for (;;) {
    const value = read();
    if (ok(value)) return value;
    if (Date.now() > until)
      throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('a Realtime call through our server to the WebRTC test peer', () => {
  const { server, stub, testDb } = useTestServer('pglite', {
    openAiStub: true,
    env: {
      OPENAI_API_KEY: KEY,
      AI_MAX_RETRIES: '0',
      REALTIME_MODEL: 'gpt-realtime',
    },
  });
  const open: Array<{ call: RealtimeCallClient; socket: TestSocket }> = [];

  afterEach(async () => {
    await Promise.all(
      open.splice(0).map(({ call, socket }) => Promise.all([call.close(), socket.close()])),
    );
    stub.reset();
  });

  async function start(user?: HttpClient) {
    const client = user ?? (await signedInClient(server.url));
    const { body } = await client.get('/api/scenarios');
    const scenario = body.scenarios.find((s: { title: string }) => /crown/i.test(s.title));
    const created = await client.post('/api/conversations', { scenarioId: scenario.id });
    const conversationId = created.body.session.id as string;
    const socket = await TestSocket.open(server.url, conversationId, { cookie: client.cookie });
    await socket.next('history');
    const call = await openRealtimeCall({
      url: `${server.url}/api/conversations/${conversationId}/realtime`,
      headers: { cookie: client.cookie!, origin: server.url },
    });
    open.push({ call, socket });
    return { client, conversationId, socket, call };
  }

  it('connects; the tone reaches the provider, the patient answers aloud, both are stored in order', async () => {
    stub.setRealtimeCall({ userTranscripts: [SAID], replies: [REPLY], msPerWord: 60 });
    const { conversationId, socket, call } = await start();
    expect(call.status).toBe(201);
    // The browser gets the SDP answer and nothing the server added.
    const record = stub.realtimeCalls.at(-1)!;
    expect(record.session.instructions).toMatch(/hidden concerns/i);
    expect(call.answerText).toBe(record.answerSdp);
    expect(call.answerText).not.toMatch(/hidden concerns|sk-test/i);
    expect(call.location).toBeNull();
    expect(record.authorization).toBe(`Bearer ${KEY}`);
    expect(record.sidebandAuthorization).toBe(`Bearer ${KEY}`);
    expect(record.hasDataChannel).toBe(false);

    await call.waitConnected();
    await call.sendTone(800);
    const user = await socket.next('message_stored', (f) => f.message.role === 'user');
    const reply = await socket.next('message_stored', (f) => f.message.role === 'assistant');
    expect(user.message).toMatchObject({ content: SAID, source: 'voice' });
    expect(reply.message).toMatchObject({ content: REPLY, partial: false });
    // The provider heard speech on the track, and the patient's voice came back.
    expect(record.mic.speechMs).toBeGreaterThan(0);
    expect(record.mic.utterances).toBe(1);
    await eventually(
      () => call.receivedEnergy().loudMs,
      (ms) => ms > 0,
      'the patient audio',
    );
    // The status followed the call, and the live lines came before the stored messages.
    const states = socket.frames.flatMap((f) => (f.type === 'realtime_state' ? [f.state] : []));
    expect(states).toEqual(
      expect.arrayContaining(['listening', 'user_speaking', 'processing', 'patient_speaking']),
    );
    expect(states.indexOf('user_speaking')).toBeLessThan(states.indexOf('patient_speaking'));
    const stored = await listMessagesByConversation(testDb.db, { conversationId });
    expect(stored.slice(-2).map((m) => m.content)).toEqual([SAID, REPLY]);
  });

  it('barge-in while the patient speaks: the stored reply is what was heard', async () => {
    stub.setRealtimeCall({
      userTranscripts: [SAID, 'Sorry, go on.'],
      replies: [REPLY],
      msPerWord: 400,
    });
    const { conversationId, socket, call } = await start();
    await call.waitConnected();
    await call.sendTone(700);
    await socket.next('realtime_state', (f) => f.state === 'patient_speaking');
    const record = stub.realtimeCalls.at(-1)!;
    await eventually(
      () => record.patientAudioMsSent,
      (ms) => ms >= 1500,
      'some of the reply',
    );
    await call.sendTone(600);
    // Cut while still being generated, the reply is stored as heard at once; cut after it was
    // stored, the stored one is revised. Either way the conversation keeps the heard part.
    const cut = await Promise.race([
      socket.next('reply_revised').then((f) => f.message),
      socket
        .next('message_stored', (f) => f.message.role === 'assistant' && f.message.partial)
        .then((f) => f.message),
    ]);
    expect(cut.partial).toBe(true);
    expect(REPLY.startsWith(cut.content)).toBe(true);
    expect(cut.content.length).toBeLessThan(REPLY.length);
    const truncated = record.serverEvents.find((e) => e.type === 'conversation.item.truncated');
    expect(truncated).toBeTruthy();
    const stored = await listMessagesByConversation(testDb.db, { conversationId });
    expect(stored.find((m) => m.id === cut.id)).toMatchObject({
      content: cut.content,
      partial: true,
    });
  });

  it('ending the conversation hangs the call up', async () => {
    stub.setRealtimeCall({ userTranscripts: [SAID], replies: ['Nervous, mostly.'], msPerWord: 50 });
    const { client, conversationId, socket, call } = await start();
    await call.waitConnected();
    await call.sendTone(700);
    await socket.next('message_stored', (f) => f.message.role === 'assistant');
    expect((await client.post(`/api/conversations/${conversationId}/end`)).status).toBe(200);
    const record = stub.realtimeCalls.at(-1)!;
    expect(record.hungUp).toBe(true);
    expect(await socket.next('realtime_ended')).toMatchObject({ reason: 'conversation_ended' });
  });

  it('a sideband that drops ends the call with its message; a refused call is a clear 503', async () => {
    stub.setRealtimeCall({ fault: 'drop_sideband', faultAfterMs: 200 });
    const { socket } = await start();
    expect(await socket.next('realtime_ended')).toMatchObject({
      reason: 'dropped',
      message: REALTIME_TEXT.dropped,
    });
    expect(stub.realtimeCalls.at(-1)!.hungUp).toBe(true);

    stub.setRealtimeCall({ fault: 'refuse' });
    const refused = await start();
    expect(refused.call.status).toBe(503);
    expect(refused.call.error).toMatchObject({ error: { code: 'unavailable:realtime' } });
  });
});
