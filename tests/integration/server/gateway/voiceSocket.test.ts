import { afterEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { useTestServer } from '../../../helpers/useTestServer';
import { signedInClient, type HttpClient } from '../../../helpers/httpClient';
import { TestSocket } from '../../../helpers/socketClient';
import { streamUtterance, toneSamples } from '../../../helpers/streamAudio';
import { listMessagesByConversation } from '#server/db/messages';
import { FRAME_TEXT, VOICE_TEXT } from '#shared/text';
import { SPEECH_PCM_MIME } from '#shared/speechAudio';

/** An utterance of a quiet tone, streamed as the browser's capture sends it (spoken reply). */
function say(
  socket: TestSocket,
  options: { clientId?: string; speak?: boolean; purpose?: 'turn' | 'dictation' } = {},
) {
  const { clientId = randomUUID(), speak = true, purpose } = options;
  return streamUtterance(socket, clientId, toneSamples(1.2), { speak, purpose });
}

const SPEECH = Buffer.from(Array.from({ length: 4000 }, (_, i) => i % 251));
const REPLY =
  'I suppose the cost is what worries me most. How much would the crown be, all in? And would it hurt?';

describe('voice over the conversation socket (OpenAI-compatible stub)', () => {
  const {
    server,
    testDb: t,
    stub,
  } = useTestServer('pglite', {
    openAiStub: true,
    env: { OPENAI_API_KEY: 'sk-test-voice', AI_MAX_RETRIES: '0', AI_TIMEOUT_SECONDS: '3' },
  });
  const sockets: TestSocket[] = [];

  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.close()));
    stub.reset();
  });

  async function open(user?: HttpClient) {
    stub.setReply(REPLY);
    stub.setTranscription('What worries you most about the crown?');
    stub.setSpeech({ bytes: SPEECH, chunks: 3 });
    const client = user ?? (await signedInClient(server.url));
    const { body } = await client.get('/api/scenarios');
    const scenario = body.scenarios.find((s: { title: string }) => /crown/i.test(s.title));
    const created = await client.post('/api/conversations', { scenarioId: scenario.id });
    const socket = await TestSocket.open(server.url, created.body.session.id, {
      cookie: client.cookie,
    });
    sockets.push(socket);
    await socket.next('history');
    return { socket, conversationId: created.body.session.id as string, client };
  }

  it('announces server voice on connect', async () => {
    const { socket } = await open();
    expect(socket.frames[0]).toMatchObject({
      type: 'history',
      voice: { transcription: true, speech: true, realtime: false },
    });
  });

  it('transcribes an utterance, streams the reply and its speech sentence by sentence, in order', async () => {
    const { socket, conversationId } = await open();
    const clientId = randomUUID();
    await say(socket, { clientId });
    expect(await socket.next('transcript')).toMatchObject({
      clientId,
      text: 'What worries you most about the crown?',
    });
    const done = await socket.next('reply_done');
    await socket.next('speech_done');
    expect(done.message.content).toBe(REPLY);

    const speech = socket.frames.filter((f) => f.type === 'speech');
    const sentences = [...new Set(speech.map((f) => (f.type === 'speech' ? f.text : '')))];
    expect(sentences).toEqual([
      'I suppose the cost is what worries me most.',
      'How much would the crown be, all in?',
      'And would it hurt?',
    ]);
    // Sequence numbers never go backwards, and each sentence closes before the next starts.
    const seqs = speech.map((f) => (f.type === 'speech' ? f.seq : -1));
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
    const audioBytes = speech.reduce((n, f) => n + (f.type === 'speech' ? f.bytes : 0), 0);
    expect(Buffer.concat(socket.binaries).length).toBe(audioBytes);
    expect(audioBytes).toBe(SPEECH.length * 3);
    // Raw PCM (the default TTS_FORMAT), cut into whole samples whatever the provider's chunks.
    expect(new Set(speech.map((f) => (f.type === 'speech' ? f.mime : '')))).toEqual(
      new Set([SPEECH_PCM_MIME]),
    );
    expect(socket.binaries.every((frame) => frame.length % 2 === 0)).toBe(true);

    const transcription = stub.requests.find((r) => r.path === '/v1/audio/transcriptions')!;
    expect(transcription.form).toMatchObject({ model: 'whisper-1', language: 'en' });
    expect(transcription.file?.bytes.subarray(0, 4).toString()).toBe('RIFF');
    const ttsRequest = stub.requests.find((r) => r.path === '/v1/audio/speech')!;
    expect(ttsRequest.body).toMatchObject({
      model: 'tts-1',
      voice: 'echo',
      response_format: 'pcm',
    });

    const stored = await listMessagesByConversation(t.db, { conversationId });
    expect(stored.at(-2)).toMatchObject({
      role: 'user',
      content: 'What worries you most about the crown?',
      source: 'voice',
    });
    expect(stored.at(-1)).toMatchObject({ role: 'assistant', content: REPLY });
  });

  it('speaks the first clause while the reply is still streaming, as whole PCM samples', async () => {
    const { socket } = await open();
    // The stub's own speech: a tone as long as each text, in odd-sized chunks.
    stub.setSpeech({ bytes: null, chunks: 5 });
    stub.setReply('Well, honestly the cost, mostly, is what worries me. Could we spread it out?');
    stub.setTiming({ tokenDelayMs: 40 });
    socket.send({ type: 'turn', clientId: randomUUID(), text: 'Go on', stream: true, speak: true });
    await socket.next('speech_done');

    const types = socket.frames.map((f) => f.type);
    const firstSpeech = socket.frames.find((f) => f.type === 'speech');
    expect(firstSpeech).toMatchObject({ seq: 0, text: 'Well, honestly the cost,', final: false });
    expect(firstSpeech?.type === 'speech' && firstSpeech.bytes).toBeGreaterThan(0);
    // Audio of the first clause went out before the words were complete.
    expect(types.indexOf('speech')).toBeLessThan(types.indexOf('reply_done'));
    const wordsBeforeAudio = socket.frames
      .slice(0, types.indexOf('speech'))
      .map((f) => (f.type === 'reply_delta' ? f.text : ''))
      .join('');
    expect(wordsBeforeAudio).not.toContain('worries');

    // Every sample arrived (the stub's tone is 50 ms, 2400 bytes, per character) and no frame
    // split one.
    const speech = socket.frames.flatMap((f) => (f.type === 'speech' ? [f] : []));
    const texts = [...new Set(speech.map((f) => f.text))];
    expect(texts).toEqual([
      'Well, honestly the cost,',
      'mostly, is what worries me.',
      'Could we spread it out?',
    ]);
    for (const text of texts) {
      const bytes = speech.filter((f) => f.text === text).reduce((n, f) => n + f.bytes, 0);
      expect(bytes).toBe(text.length * 2400);
    }
    expect(speech.every((f) => f.mime === SPEECH_PCM_MIME && f.bytes % 2 === 0)).toBe(true);
    expect(socket.binaries.every((frame) => frame.length % 2 === 0)).toBe(true);
  });

  it('dictation returns the transcript only and stores nothing', async () => {
    const { socket, conversationId } = await open();
    const clientId = randomUUID();
    await say(socket, { clientId, purpose: 'dictation' });
    expect(await socket.next('transcript')).toMatchObject({ clientId });
    expect(await listMessagesByConversation(t.db, { conversationId })).toHaveLength(1);
  });

  it('refuses a binary frame without a stream', async () => {
    const { socket } = await open();
    socket.sendRaw(Buffer.from([1, 2, 3]));
    expect(await socket.next('error')).toMatchObject({
      code: 'bad_request:audio',
      message: FRAME_TEXT.noStream,
    });
    socket.send({ type: 'turn', clientId: randomUUID(), text: 'typed instead', stream: true });
    await socket.next('reply_done');
  });

  it('says it heard nothing when the transcript is empty', async () => {
    const { socket } = await open();
    stub.setTranscription('   ');
    await say(socket);
    expect(await socket.next('error')).toMatchObject({
      code: 'unprocessable:nothing_heard',
      message: VOICE_TEXT.nothingHeard,
    });
  });

  it('reports a transcription failure with the spec message', async () => {
    const { socket, conversationId } = await open();
    stub.queueFault({ kind: 'status', status: 500, message: 'whisper down' });
    await say(socket);
    expect(await socket.next('error')).toMatchObject({
      code: 'unavailable:transcription',
      message: 'Failed to process your message. Please try again.',
    });
    expect(await listMessagesByConversation(t.db, { conversationId })).toHaveLength(1);
  });

  it('keeps the reply when speech fails, and says so', async () => {
    const { socket, conversationId } = await open();
    // Transcription and the reply succeed; the first speech request fails.
    stub.queueFault({ kind: 'status', status: 500, message: 'tts down', path: '/v1/audio/speech' });
    await say(socket);
    expect(await socket.next('error')).toMatchObject({
      code: 'unavailable:speech',
      message: 'Failed to generate speech response. Please try again.',
    });
    await socket.next('reply_done');
    expect((await listMessagesByConversation(t.db, { conversationId })).at(-1)).toMatchObject({
      content: REPLY,
      partial: false,
    });
  });

  it('barge-in stops the reply and its speech; what was heard is stored', async () => {
    const { socket, conversationId } = await open();
    stub.setTiming({ tokenDelayMs: 60 });
    await say(socket);
    await socket.next('speech');
    const heard = 'I suppose the cost'.length;
    socket.send({ type: 'cancel', heardChars: heard });
    const done = await socket.next('reply_done');
    expect(done.message).toMatchObject({ content: 'I suppose the cost', partial: true });
    expect((await listMessagesByConversation(t.db, { conversationId })).at(-1)).toMatchObject({
      content: 'I suppose the cost',
      partial: true,
    });
    expect(socket.frames.some((f) => f.type === 'speech_done')).toBe(false);
  });

  it('barge-in after the text is complete keeps only what was heard of the spoken reply', async () => {
    const { socket, conversationId } = await open();
    stub.setSpeech({ firstByteDelayMs: 50, chunks: 3 });
    stub.setTiming({ tokenDelayMs: 0 });
    await say(socket);
    const done = await socket.next('reply_done');
    expect(done.message).toMatchObject({ content: REPLY, partial: false });
    await socket.next('speech_done');
    // The audio is still playing on the client when the user cuts in.
    socket.send({ type: 'cancel', heardChars: 'I suppose the cost is wh'.length });
    const revised = await socket.next('reply_revised');
    expect(revised.message).toMatchObject({
      id: done.message.id,
      content: 'I suppose the cost is',
      partial: true,
    });
    expect((await listMessagesByConversation(t.db, { conversationId })).at(-1)).toMatchObject({
      id: done.message.id,
      content: 'I suppose the cost is',
      partial: true,
    });
    // A second cancel has nothing left to cut.
    socket.send({ type: 'cancel', heardChars: 3 });
    socket.send({
      type: 'turn',
      clientId: randomUUID(),
      text: 'Go on',
      stream: true,
      speak: false,
    });
    await socket.next('reply_done', (f) => f.message.id !== done.message.id);
    expect(socket.frames.filter((f) => f.type === 'reply_revised')).toHaveLength(1);
  });

  it('reads a stored patient message aloud, and only one of this conversation', async () => {
    const { socket, conversationId } = await open();
    const [opening] = await listMessagesByConversation(t.db, { conversationId });
    socket.send({ type: 'speak', messageId: opening!.id });
    await socket.next('speech_done');
    expect(socket.binaries.length).toBeGreaterThan(0);
    const other = await open();
    other.socket.send({ type: 'speak', messageId: opening!.id });
    expect(await other.socket.next('error')).toMatchObject({ code: 'not_found:message' });
  });
});

describe('voice without a provider (offline)', () => {
  const { server } = useTestServer('pglite');

  it('tells the client to use browser speech, and says what to configure for server audio', async () => {
    const client = await signedInClient(server.url);
    const { body } = await client.get('/api/scenarios');
    const created = await client.post('/api/conversations', { scenarioId: body.scenarios[0].id });
    const socket = await TestSocket.open(server.url, created.body.session.id, {
      cookie: client.cookie,
    });
    expect(await socket.next('history')).toMatchObject({
      voice: { transcription: false, speech: false, realtime: false },
    });
    await say(socket, { clientId: 'x' });
    expect(await socket.next('error')).toMatchObject({
      code: 'unavailable:server_transcription',
      message: VOICE_TEXT.noServerTranscription,
    });
    // A browser-recognised utterance arrives as a text turn flagged as spoken.
    socket.send({
      type: 'turn',
      clientId: randomUUID(),
      text: 'What worries you most?',
      stream: true,
      source: 'voice',
    });
    expect((await socket.next('turn_stored')).message.source).toBe('voice');
    await socket.next('reply_done');
    await socket.close();
  });
});
