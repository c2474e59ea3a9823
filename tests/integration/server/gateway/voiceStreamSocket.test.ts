import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createAiRoles } from '#server/ai/roles';
import { loadConfig } from '#server/config';
import { listMessagesByConversation } from '#server/db/messages';
import { createLogger } from '#server/logger';
import type { StreamingTranscriber } from '#server/voice/types';
import { FRAME_TEXT, VOICE_TEXT } from '#shared/text';
import { encodeStreamFrame, STREAM_FRAME_MAX_BYTES } from '#shared/voice';
import { startOpenAiStub, type OpenAiStub } from '../../../fixtures/openaiStub';
import { signedInClient, type HttpClient } from '../../../helpers/httpClient';
import { TestSocket } from '../../../helpers/socketClient';
import {
  sendAudioCommit,
  sendAudioStart,
  streamFrames,
  streamUtterance,
  toneSamples,
} from '../../../helpers/streamAudio';
import { createTestDb, type TestDb } from '../../../helpers/testDb';
import { startTestServer, type TestServer } from '../../../helpers/testServer';
import { useTestServer } from '../../../helpers/useTestServer';

/**
 * Voice mode's streamed utterances over the real socket: audio_start, PCM frames while the
 * clinician speaks, audio_commit (or audio_cancel), then the turn. The first suite has no
 * streaming transcriber, so the batch transcriber (the OpenAI stub) hears the streamed audio;
 * the second fills the streaming role with a fake session the test drives.
 */

const REPLY = 'I suppose the cost is what worries me most. How much would the crown be, all in?';
const HEARD = 'What worries you most about the crown?';

type Frame = TestSocket['frames'][number];
const isErrorFor = (clientId: string) => (f: Extract<Frame, { type: 'error' }>) =>
  f.clientId === clientId;

async function openConversation(server: TestServer, user?: HttpClient) {
  const client = user ?? (await signedInClient(server.url));
  const { body } = await client.get('/api/scenarios');
  const scenario = body.scenarios.find((s: { title: string }) => /crown/i.test(s.title));
  const created = await client.post('/api/conversations', { scenarioId: scenario.id });
  const conversationId = created.body.session.id as string;
  const socket = await TestSocket.open(server.url, conversationId, { cookie: client.cookie });
  await socket.next('history');
  return { socket, conversationId, client };
}

/** The PCM16 samples inside a 16 kHz WAV the transcriber was sent. */
function wavSamples(wav: Buffer): Int16Array {
  expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
  expect(wav.readUInt32LE(24)).toBe(16_000);
  const data = wav.subarray(44);
  return Int16Array.from({ length: data.length / 2 }, (_, i) => data.readInt16LE(i * 2));
}

describe('streamed utterances, transcribed in batch (OpenAI-compatible stub)', () => {
  const {
    server,
    testDb: t,
    stub,
  } = useTestServer('pglite', {
    openAiStub: true,
    env: {
      OPENAI_API_KEY: 'sk-test-stream',
      AI_MAX_RETRIES: '0',
      AI_TIMEOUT_SECONDS: '3',
      // Tests stream seconds of audio at once, far faster than a person speaks.
      SOCKET_FRAMES_PER_SECOND: '10000',
      // One turn (and so one transcription session) per user at a time.
      CONCURRENT_TURNS_PER_USER: '1',
      // Long enough that a test can always start the next utterance inside it.
      END_OF_TURN_WAIT_MS: '5000',
    },
  });
  const sockets: TestSocket[] = [];
  const stored = (conversationId: string) => listMessagesByConversation(t.db, { conversationId });

  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.close()));
    stub.reset();
  });

  async function open(user?: HttpClient) {
    stub.setReply(REPLY);
    stub.setTranscription(HEARD);
    const opened = await openConversation(server, user);
    sockets.push(opened.socket);
    return opened;
  }

  /** The socket still takes a spoken turn: streamed, transcribed, stored and answered. */
  async function takesATurn(socket: TestSocket, conversationId: string) {
    const before = (await stored(conversationId)).length;
    const clientId = randomUUID();
    const from = socket.frames.length;
    await streamUtterance(socket, clientId, toneSamples(0.5));
    expect(await socket.next('turn_stored', (f) => f.clientId === clientId, from)).toMatchObject({
      message: { content: HEARD, source: 'voice' },
    });
    await socket.next('reply_done', () => true, from);
    expect(await stored(conversationId)).toHaveLength(before + 2);
  }

  it('transcribes a streamed utterance from the very samples streamed, stores it and answers', async () => {
    const { socket, conversationId } = await open();
    const samples = Int16Array.from({ length: 16_000 * 1.23 }, (_, i) =>
      Math.round(8000 * Math.sin(i / 5) + ((i * 7919) % 2000) - 1000),
    );
    const clientId = randomUUID();
    const { frames } = await streamUtterance(socket, clientId, samples, { frameMs: 40 });
    expect(frames).toBe(31);
    expect(await socket.next('transcript')).toEqual({ type: 'transcript', clientId, text: HEARD });
    expect((await socket.next('turn_stored')).clientId).toBe(clientId);
    expect((await socket.next('reply_done')).message.content).toBe(REPLY);

    const uploads = stub.requests.filter((r) => r.path === '/v1/audio/transcriptions');
    expect(uploads).toHaveLength(1);
    expect(uploads[0]!.form).toMatchObject({ model: 'whisper-1' });
    expect(wavSamples(uploads[0]!.file!.bytes)).toEqual(samples);
    expect((await stored(conversationId)).slice(-2)).toMatchObject([
      { role: 'user', content: HEARD, source: 'voice' },
      { role: 'assistant', content: REPLY },
    ]);
    // Batch transcription has no partials: the words appear once, final.
    expect(socket.frames.some((f) => f.type === 'transcript_partial')).toBe(false);
    expect(socket.frames.some((f) => f.type === 'error')).toBe(false);
  });

  it('speaks the reply of a streamed turn when asked', async () => {
    const { socket } = await open();
    stub.setSpeech({ chunks: 2 });
    await streamUtterance(socket, randomUUID(), toneSamples(0.5), { speak: true });
    await socket.next('speech_done');
    expect(socket.binaries.length).toBeGreaterThan(0);
  });

  it('a misfire (audio_cancel) stores nothing and transcribes nothing', async () => {
    const { socket, conversationId } = await open();
    const clientId = randomUUID();
    await streamUtterance(socket, clientId, toneSamples(0.2), { end: 'cancel' });
    // Frames sent after the cancel are told about once.
    socket.sendRaw(Buffer.from(encodeStreamFrame(5, new Int16Array(320))));
    socket.sendRaw(Buffer.from(encodeStreamFrame(6, new Int16Array(320))));
    expect(await socket.next('error', isErrorFor(clientId))).toMatchObject({
      code: 'bad_request:audio',
      message: FRAME_TEXT.afterStream,
    });
    await takesATurn(socket, conversationId);
    expect(stub.requests.filter((r) => r.path === '/v1/audio/transcriptions')).toHaveLength(1);
    expect((await stored(conversationId)).filter((m) => m.role === 'user')).toHaveLength(1);
    expect(socket.frames.filter((f) => f.type === 'error')).toHaveLength(1);
  });

  const frame = (seq: number, samples = 320) =>
    Buffer.from(encodeStreamFrame(seq, new Int16Array(samples).fill(500)));

  it.each<[string, (clientId: string) => Array<Buffer | object>, string, boolean]>([
    ['audio with no recording started', () => [frame(0)], FRAME_TEXT.noStream, false],
    ['frames out of order', () => [frame(0), frame(2)], FRAME_TEXT.frameOutOfOrder(1, 2), true],
    [
      'an oversized frame',
      () => [Buffer.alloc(STREAM_FRAME_MAX_BYTES + 2)],
      FRAME_TEXT.frameTooLarge(100),
      true,
    ],
    [
      'half a sample',
      () => [Buffer.concat([frame(0), Buffer.from([7])])],
      FRAME_TEXT.frameHalfSample,
      true,
    ],
    [
      'a WAV file instead of samples',
      () => [Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(40)])],
      FRAME_TEXT.frameNotPcm,
      true,
    ],
    [
      'a WebM file behind a sequence number',
      () => [Buffer.concat([Buffer.alloc(4), Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0, 0])])],
      FRAME_TEXT.frameNotPcm,
      true,
    ],
    [
      'a commit counting more frames than arrived',
      (id) => [frame(0), frame(1), { type: 'audio_commit', clientId: id, frames: 3 }],
      FRAME_TEXT.framesMissing(3, 2),
      true,
    ],
    [
      'a commit for another recording',
      () => [frame(0), { type: 'audio_commit', clientId: 'someone-else', frames: 1 }],
      FRAME_TEXT.otherStream,
      true,
    ],
    [
      'a second audio_start while one is open',
      () => [
        frame(0),
        { type: 'audio_start', clientId: 'second', format: 'pcm16', sampleRate: 16000 },
      ],
      FRAME_TEXT.streamOpen,
      true,
    ],
    [
      'a commit with no recording',
      () => [{ type: 'audio_commit', clientId: 'nothing-open', frames: 0 }],
      FRAME_TEXT.noStreamToEnd,
      false,
    ],
  ])(
    'refuses %s with its own error, stores nothing, and takes a turn after',
    async (_n, make, message, started) => {
      const { socket, conversationId } = await open();
      const clientId = randomUUID();
      if (started) sendAudioStart(socket, clientId);
      for (const part of make(clientId)) {
        if (Buffer.isBuffer(part)) socket.sendRaw(part);
        else socket.send(part as Record<string, unknown>);
      }
      const error = await socket.next('error');
      expect(error).toMatchObject({ code: 'bad_request:audio', message });
      // An open stream that was not refused is still open: end it as a misfire.
      if (message === FRAME_TEXT.otherStream || message === FRAME_TEXT.streamOpen) {
        socket.send({ type: 'audio_cancel', clientId });
      }
      await takesATurn(socket, conversationId);
      expect((await stored(conversationId)).filter((m) => m.role === 'user')).toHaveLength(1);
      expect(stub.requests.filter((r) => r.path === '/v1/audio/transcriptions')).toHaveLength(1);
      expect(socket.frames.filter((f) => f.type === 'error')).toEqual([error]);
    },
  );

  it('refuses a recording at the frame that passes 30 seconds, before any commit', async () => {
    const { socket, conversationId } = await open();
    const clientId = randomUUID();
    const frames = streamFrames(toneSamples(30.5), 100);
    sendAudioStart(socket, clientId);
    // 300 frames of 100 ms: exactly 30 s, still taken...
    for (const f of frames.slice(0, 300)) socket.sendRaw(Buffer.from(f));
    socket.send({ type: 'audio_start', clientId: 'ping', format: 'pcm16', sampleRate: 16000 });
    expect(await socket.next('error')).toMatchObject({
      clientId: 'ping',
      message: FRAME_TEXT.streamOpen,
    });
    // ...and the next one is refused as it arrives.
    for (const f of frames.slice(300)) socket.sendRaw(Buffer.from(f));
    expect(await socket.next('error', isErrorFor(clientId))).toMatchObject({
      code: 'bad_request:audio',
      message: VOICE_TEXT.tooLongForTurn(30),
    });
    // The client commits at its end of speech: the refused stream needs no second error.
    sendAudioCommit(socket, clientId, frames.length);
    await takesATurn(socket, conversationId);
    expect(socket.frames.filter((f) => f.type === 'error')).toHaveLength(2);
    expect(stub.requests.filter((r) => r.path === '/v1/audio/transcriptions')).toHaveLength(1);
  });

  it('holds no more transcription sessions per user than turns allowed, across sockets', async () => {
    const first = await open();
    const second = await open(first.client);
    const a = randomUUID();
    await streamUtterance(first.socket, a, toneSamples(0.2), { end: 'none' });
    const b = randomUUID();
    sendAudioStart(second.socket, b);
    expect(await second.socket.next('error', isErrorFor(b))).toMatchObject({
      code: 'rate_limit:concurrent',
      message: VOICE_TEXT.concurrentStreams,
    });
    // Someone else is not limited by this user's stream.
    const other = await open();
    await takesATurn(other.socket, other.conversationId);
    // Once the first stream ends (a misfire here), the second socket may stream.
    first.socket.send({ type: 'audio_cancel', clientId: a });
    // (A round trip on the first socket: its cancel has been handled.)
    first.socket.send({ type: 'audio_commit', clientId: a, frames: 0 });
    expect(await first.socket.next('error', isErrorFor(a))).toMatchObject({
      message: FRAME_TEXT.noStreamToEnd,
    });
    await takesATurn(second.socket, second.conversationId);
  });

  it('waits after a transcript that ends mid-thought, and answers both utterances as one turn', async () => {
    const { socket, conversationId } = await open();
    stub.setTranscription('I was wondering, um');
    const a = randomUUID();
    await streamUtterance(socket, a, toneSamples(0.6));
    // The words so far show while the reply waits for more.
    expect(await socket.next('transcript_partial')).toEqual({
      type: 'transcript_partial',
      clientId: a,
      text: 'I was wondering, um',
    });
    stub.setTranscription('whether the crown will hurt.');
    const b = randomUUID();
    await streamUtterance(socket, b, toneSamples(0.6));
    const joined = 'I was wondering, um whether the crown will hurt.';
    expect(await socket.next('transcript')).toEqual({
      type: 'transcript',
      clientId: a,
      text: joined,
    });
    expect((await socket.next('turn_stored')).message).toMatchObject({ content: joined });
    await socket.next('reply_done');
    expect((await stored(conversationId)).slice(1)).toMatchObject([
      { role: 'user', content: joined, source: 'voice' },
      { role: 'assistant', content: REPLY },
    ]);
    // One turn: everything the client hears of it is under the first utterance's id.
    const ids = socket.frames.flatMap((f) => ('clientId' in f && f.clientId ? [f.clientId] : []));
    expect(new Set(ids)).toEqual(new Set([a]));
    expect(stub.requests.filter((r) => r.path === '/v1/chat/completions')).toHaveLength(1);
  });

  it('answers a finished sentence without waiting for more', async () => {
    const { socket } = await open();
    stub.setTranscription('Does it hurt when you bite?');
    const clientId = randomUUID();
    await streamUtterance(socket, clientId, toneSamples(0.6));
    await socket.next('reply_done');
    // No waiting partial: the final transcript is the first word of the turn.
    expect(socket.frames.map((f) => f.type).filter((type) => type !== 'reply_delta')).toEqual([
      'history',
      'transcript',
      'turn_stored',
      'reply_start',
      'reply_done',
    ]);
  });

  it('says nothing was heard when the transcript is empty, and stores nothing', async () => {
    const { socket, conversationId } = await open();
    stub.setTranscription('  ');
    const clientId = randomUUID();
    await streamUtterance(socket, clientId, toneSamples(0.4));
    expect(await socket.next('error')).toMatchObject({
      code: 'unprocessable:nothing_heard',
      clientId,
    });
    expect(await stored(conversationId)).toHaveLength(1);
  });

  it('reports a failed transcription when no transcriber could hear it', async () => {
    const { socket, conversationId } = await open();
    stub.queueFault({ kind: 'status', status: 500, path: '/v1/audio/transcriptions' });
    const clientId = randomUUID();
    await streamUtterance(socket, clientId, toneSamples(0.4));
    expect(await socket.next('error')).toMatchObject({
      code: 'unavailable:transcription',
      clientId,
    });
    expect(await stored(conversationId)).toHaveLength(1);
    await takesATurn(socket, conversationId);
  });

  it("barge-in cuts a streamed turn's spoken reply, and the next utterance streams at once", async () => {
    const { socket, conversationId } = await open();
    stub.setTiming({ tokenDelayMs: 40 });
    stub.setSpeech({ chunks: 2 });
    await streamUtterance(socket, randomUUID(), toneSamples(0.5), { speak: true });
    await socket.next('speech');
    const heard = 'I suppose the cost'.length;
    // Cutting in: the cancel and the new utterance's start go out together.
    socket.send({ type: 'cancel', heardChars: heard });
    stub.setTiming({ tokenDelayMs: 0 });
    stub.setTranscription('Sorry, go on.');
    const next = randomUUID();
    const from = socket.frames.length;
    await streamUtterance(socket, next, toneSamples(0.5));
    const done = await socket.next('reply_done');
    expect(done.message).toMatchObject({ content: 'I suppose the cost', partial: true });
    await socket.next('turn_stored', (f) => f.clientId === next, from);
    await socket.next('reply_done', (f) => f.message.id !== done.message.id, from);
    expect(socket.frames.filter((f) => f.type === 'error')).toEqual([]);
    expect((await stored(conversationId)).slice(1)).toMatchObject([
      { role: 'user', content: HEARD },
      { role: 'assistant', content: 'I suppose the cost', partial: true },
      { role: 'user', content: 'Sorry, go on.' },
      { role: 'assistant', content: REPLY, partial: false },
    ]);
  });

  it('a typed turn waits while an utterance is streaming', async () => {
    const { socket } = await open();
    const clientId = randomUUID();
    await streamUtterance(socket, clientId, toneSamples(0.2), { end: 'none' });
    socket.send({ type: 'turn', clientId: 'typed', text: 'Hello?', stream: true });
    expect(await socket.next('error')).toMatchObject({ code: 'conflict:busy', clientId: 'typed' });
    socket.send({ type: 'audio_cancel', clientId });
  });
});

/** A streaming transcription session the test drives: one word of the final per frame. */
function fakeStreamingTranscriber() {
  interface Session {
    bytes: number;
    closed: boolean;
    committed: boolean;
  }
  const sessions: Session[] = [];
  let script = { final: HEARD, fail: false };
  const transcriber: StreamingTranscriber = {
    open({ onPartial }) {
      const session: Session = { bytes: 0, closed: false, committed: false };
      sessions.push(session);
      const { final, fail } = script;
      const words = final.split(' ');
      let frames = 0;
      return {
        append(pcm) {
          frames++;
          session.bytes += pcm.length;
          if (!fail) onPartial(words.slice(0, frames).join(' '));
        },
        checkpoint() {
          return fail
            ? Promise.reject(new Error('transcription session dropped mid-utterance'))
            : Promise.resolve(words.slice(0, frames).join(' '));
        },
        commit() {
          session.committed = true;
          return fail
            ? Promise.reject(new Error('transcription session dropped mid-utterance'))
            : Promise.resolve(final);
        },
        close() {
          session.closed = true;
        },
      };
    },
  };
  return {
    transcriber,
    sessions,
    script(next: Partial<typeof script>) {
      script = { ...script, ...next };
    },
    reset() {
      sessions.length = 0;
      script = { final: HEARD, fail: false };
    },
  };
}

describe('streamed utterances with a streaming transcriber (a fake session)', () => {
  const fake = fakeStreamingTranscriber();
  let testDb: TestDb;
  let stub: OpenAiStub;
  let server: TestServer;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    [testDb, stub] = await Promise.all([createTestDb('pglite'), startOpenAiStub()]);
    const env = {
      AI_PROVIDER: 'openai',
      OPENAI_BASE_URL: stub.url,
      OPENAI_API_KEY: 'sk-test-streaming',
      AI_MAX_RETRIES: '0',
      AI_TIMEOUT_SECONDS: '3',
      SOCKET_FRAMES_PER_SECOND: '10000',
      STREAM_IDLE_SECONDS: '1',
    };
    const roles = createAiRoles(loadConfig(env).ai, createLogger('silent'));
    server = await startTestServer(testDb.db, env, {
      ai: { ...roles, streamingTranscriber: fake.transcriber },
    });
  });
  afterAll(async () => {
    await server?.close();
    await stub?.close();
    await testDb?.drop();
  });
  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.close()));
    stub.reset();
    fake.reset();
  });

  async function open() {
    stub.setReply(REPLY);
    const opened = await openConversation(server);
    sockets.push(opened.socket);
    return opened;
  }

  it('relays partial transcripts while the clinician is still speaking', async () => {
    const { socket, conversationId } = await open();
    fake.script({ final: 'Does it hurt when you bite?' });
    const clientId = randomUUID();
    const frames = streamFrames(toneSamples(0.4), 40);
    sendAudioStart(socket, clientId);
    for (const f of frames.slice(0, 3)) socket.sendRaw(Buffer.from(f));
    // Still speaking (no commit yet), and the 'You:' line grows.
    expect(await socket.next('transcript_partial', (f) => f.text === 'Does it hurt')).toEqual({
      type: 'transcript_partial',
      clientId,
      text: 'Does it hurt',
    });
    for (const f of frames.slice(3)) socket.sendRaw(Buffer.from(f));
    sendAudioCommit(socket, clientId, frames.length);
    expect(await socket.next('transcript')).toMatchObject({
      clientId,
      text: 'Does it hurt when you bite?',
    });
    await socket.next('reply_done');
    const partials = socket.frames.filter((f) => f.type === 'transcript_partial');
    expect(partials.map((f) => f.text)).toEqual([
      'Does',
      'Does it',
      'Does it hurt',
      'Does it hurt when',
      'Does it hurt when you',
      'Does it hurt when you bite?',
    ]);
    expect(fake.sessions).toEqual([{ bytes: 0.4 * 16_000 * 2, closed: false, committed: true }]);
    // The streaming final is the transcript: the batch transcriber was not asked.
    expect(stub.requests.filter((r) => r.path === '/v1/audio/transcriptions')).toHaveLength(0);
    expect((await listMessagesByConversation(testDb.db, { conversationId })).at(-2)).toMatchObject({
      content: 'Does it hurt when you bite?',
      source: 'voice',
    });
  });

  it('falls back to batch on the kept audio when the session fails, with no error shown', async () => {
    const { socket, conversationId } = await open();
    fake.script({ fail: true });
    stub.setTranscription('Is the crown porcelain?');
    const samples = toneSamples(0.7);
    const clientId = randomUUID();
    await streamUtterance(socket, clientId, samples, { frameMs: 20 });
    expect(await socket.next('transcript')).toMatchObject({
      clientId,
      text: 'Is the crown porcelain?',
    });
    await socket.next('reply_done');
    expect(socket.frames.filter((f) => f.type === 'error')).toEqual([]);
    const upload = stub.requests.find((r) => r.path === '/v1/audio/transcriptions')!;
    expect(wavSamples(upload.file!.bytes)).toEqual(samples);
    expect((await listMessagesByConversation(testDb.db, { conversationId })).at(-2)).toMatchObject({
      content: 'Is the crown porcelain?',
    });
  });

  it('dictation streams the same way: partials, its words back, nothing stored or answered', async () => {
    const { socket, conversationId } = await open();
    fake.script({ final: 'Does it hurt when you bite?' });
    const clientId = randomUUID();
    await streamUtterance(socket, clientId, toneSamples(0.4), { purpose: 'dictation' });
    expect(await socket.next('transcript')).toMatchObject({
      clientId,
      text: 'Does it hurt when you bite?',
    });
    const partials = socket.frames.filter((f) => f.type === 'transcript_partial');
    expect(partials.at(-1)).toMatchObject({ clientId, text: 'Does it hurt when you bite?' });
    expect(await listMessagesByConversation(testDb.db, { conversationId })).toHaveLength(1);
    expect(stub.requests.filter((r) => r.path === '/v1/chat/completions')).toHaveLength(0);
  });

  it('dictation falls back to batch too, and is taken while a reply streams', async () => {
    const { socket, conversationId } = await open();
    stub.setTiming({ tokenDelayMs: 40 });
    socket.send({ type: 'turn', clientId: randomUUID(), text: 'Go on', stream: true });
    await socket.next('reply_delta');
    fake.script({ fail: true });
    stub.setTranscription('Is the crown porcelain?');
    const clientId = randomUUID();
    await streamUtterance(socket, clientId, toneSamples(0.4), { purpose: 'dictation' });
    expect(await socket.next('transcript')).toMatchObject({
      clientId,
      text: 'Is the crown porcelain?',
    });
    await socket.next('reply_done');
    expect(socket.frames.filter((f) => f.type === 'error')).toEqual([]);
    // The typed turn and its reply; the dictation stored nothing.
    expect(await listMessagesByConversation(testDb.db, { conversationId })).toHaveLength(3);
  });

  it('a misfire closes the session, stores nothing, and asks no transcriber', async () => {
    const { socket, conversationId } = await open();
    const clientId = randomUUID();
    await streamUtterance(socket, clientId, toneSamples(0.2), { end: 'cancel' });
    await vi.waitFor(() => expect(fake.sessions[0]?.closed).toBe(true));
    expect(fake.sessions[0]?.committed).toBe(false);
    expect(await listMessagesByConversation(testDb.db, { conversationId })).toHaveLength(1);
    expect(stub.requests.filter((r) => r.path === '/v1/audio/transcriptions')).toHaveLength(0);
  });

  it('closes an abandoned stream after its idle time, and the socket carries on', async () => {
    const { socket, conversationId } = await open();
    const clientId = randomUUID();
    await streamUtterance(socket, clientId, toneSamples(0.2), { end: 'none' });
    expect(await socket.next('error', isErrorFor(clientId))).toMatchObject({
      code: 'bad_request:audio',
      message: VOICE_TEXT.streamAbandoned,
    });
    expect(fake.sessions[0]).toMatchObject({ closed: true, committed: false });
    // Its late commit has had its answer already.
    sendAudioCommit(socket, clientId, 5);
    const next = randomUUID();
    await streamUtterance(socket, next, toneSamples(0.3));
    expect((await socket.next('turn_stored')).clientId).toBe(next);
    await socket.next('reply_done');
    expect(socket.frames.filter((f) => f.type === 'error')).toHaveLength(1);
    expect(await listMessagesByConversation(testDb.db, { conversationId })).toHaveLength(3);
  });

  it('closing the socket mid-utterance closes the transcription session', async () => {
    const { socket } = await open();
    await streamUtterance(socket, randomUUID(), toneSamples(0.2), { end: 'none' });
    await vi.waitFor(() => expect(fake.sessions[0]?.bytes).toBe(0.2 * 16_000 * 2));
    await socket.close();
    await vi.waitFor(() => expect(fake.sessions[0]?.closed).toBe(true));
  });
});
