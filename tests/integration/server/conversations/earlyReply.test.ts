import { afterEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { listMessagesByConversation } from '#server/db/messages';
import { signedInClient } from '../../../helpers/httpClient';
import { TestSocket } from '../../../helpers/socketClient';
import { sendAudioCommit, streamUtterance, toneSamples } from '../../../helpers/streamAudio';
import { useTestServer } from '../../../helpers/useTestServer';
import type { StubRequest } from '../../../fixtures/openaiStub';

/**
 * Transcription off the critical path: with a streaming transcriber, the patient's reply starts
 * on the words heard by the end of speech, while the final transcript is still on its way; the
 * final confirms them (the reply goes on) or replaces them (the reply starts afresh on the final
 * words). Against the OpenAI-compatible stub's realtime transcription socket.
 */

const HEARD = 'What worries you most about the crown?';
const REPLY = 'Honestly, the cost is what worries me most. Could we spread the payments?';
/** Long enough that the early reply's request is made well before the final arrives. */
const FINAL_DELAY_MS = 1500;

const isChat = (r: StubRequest) => r.path === '/v1/chat/completions';
const lastUserWords = (r: StubRequest) => {
  const messages = r.body?.messages as Array<{ role: string; content: string }>;
  return messages.at(-1)?.content;
};

describe('early replies on the words heard so far', () => {
  const {
    server,
    testDb: t,
    stub,
  } = useTestServer('pglite', {
    openAiStub: true,
    env: {
      OPENAI_API_KEY: 'sk-test-early',
      STT_MODE: 'streaming',
      AI_MAX_RETRIES: '0',
      AI_TIMEOUT_SECONDS: '5',
      SOCKET_FRAMES_PER_SECOND: '10000',
      TURNS_PER_HOUR: '3',
    },
  });
  const sockets: TestSocket[] = [];

  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.close()));
    stub.reset();
  });

  async function open() {
    stub.setReply(REPLY);
    stub.setStreamingTranscription({
      text: HEARD,
      finalDelayMs: FINAL_DELAY_MS,
      wordsPerSecondOfAudio: 40,
    });
    const user = await signedInClient(server.url);
    const { body } = await user.get('/api/scenarios');
    const created = await user.post('/api/conversations', { scenarioId: body.scenarios[0].id });
    const conversationId = created.body.session.id as string;
    const socket = await TestSocket.open(server.url, conversationId, { cookie: user.cookie });
    sockets.push(socket);
    await socket.next('history');
    return { socket, conversationId };
  }

  /**
   * Streams an utterance until the transcriber has heard all of it (as after the VAD's trailing
   * silence), then commits; resolves with the number of chat requests made at that moment.
   */
  async function speakAndCommit(socket: TestSocket, clientId: string, heard = HEARD) {
    const { frames } = await streamUtterance(socket, clientId, toneSamples(0.5), { end: 'none' });
    await socket.next('transcript_partial', (f) => f.text === heard);
    const before = stub.requests.filter(isChat).length;
    sendAudioCommit(socket, clientId, frames);
    return before;
  }

  it('starts the reply before the final transcript, and shows nothing of it until the final confirms the words', async () => {
    const { socket, conversationId } = await open();
    const clientId = randomUUID();
    const before = await speakAndCommit(socket, clientId);
    const transcript = await socket.next('transcript');
    // The reply was asked for while the final was still 1.5 s away...
    const chats = stub.requests.filter(isChat).slice(before);
    expect(chats).toHaveLength(1);
    expect(lastUserWords(chats[0]!)).toBe(HEARD);
    expect(transcript).toEqual({ type: 'transcript', clientId, text: HEARD });
    // ...but nothing of it reached the client before the words were final and stored.
    const order = socket.frames
      .map((f) => f.type)
      .filter((type) => ['transcript', 'turn_stored', 'reply_start', 'reply_delta'].includes(type));
    expect(order.slice(0, 3)).toEqual(['transcript', 'turn_stored', 'reply_start']);
    expect((await socket.next('reply_done')).message.content).toBe(REPLY);
    // One model call for the turn: the early one was claimed, not repeated.
    expect(stub.requests.filter(isChat).slice(before)).toHaveLength(1);
    expect((await listMessagesByConversation(t.db, { conversationId })).slice(-2)).toMatchObject([
      { role: 'user', content: HEARD, source: 'voice' },
      { role: 'assistant', content: REPLY, partial: false },
    ]);
  });

  it('drops the early reply when the final transcript says something else, and answers the final words', async () => {
    const { socket, conversationId } = await open();
    // The session drops at the commit: the batch transcriber hears the audio, differently.
    stub.setStreamingTranscription({ fault: 'drop', faultAfterMs: 60_000 });
    const corrected = 'What worries you most about the gum?';
    stub.setTranscription(corrected);
    const clientId = randomUUID();
    const before = await speakAndCommit(socket, clientId);
    expect(await socket.next('transcript')).toMatchObject({ text: corrected });
    expect((await socket.next('reply_done')).message.content).toBe(REPLY);
    const chats = stub.requests.filter(isChat).slice(before);
    expect(chats.map(lastUserWords)).toEqual([HEARD, corrected]);
    expect(socket.frames.filter((f) => f.type === 'reply_start')).toHaveLength(1);
    expect(socket.frames.some((f) => f.type === 'error')).toBe(false);
    expect((await listMessagesByConversation(t.db, { conversationId })).slice(-2)).toMatchObject([
      { role: 'user', content: corrected },
      { role: 'assistant', content: REPLY },
    ]);
  });

  it('makes no early model call once the hourly quota is used up', async () => {
    const { socket, conversationId } = await open();
    // TURNS_PER_HOUR is 3: use them up with typed turns.
    for (let i = 0; i < 3; i++) {
      const from = socket.frames.length;
      socket.send({ type: 'turn', clientId: randomUUID(), text: `Turn ${i}`, stream: false });
      await socket.next('reply_done', () => true, from);
    }
    const clientId = randomUUID();
    const before = await speakAndCommit(socket, clientId);
    expect(await socket.next('error', (f) => f.clientId === clientId)).toMatchObject({
      code: 'rate_limit:turns',
    });
    expect(stub.requests.filter(isChat).slice(before)).toHaveLength(0);
    const stored = await listMessagesByConversation(t.db, { conversationId });
    expect(stored.filter((m) => m.role === 'user')).toHaveLength(3);
  });
});
