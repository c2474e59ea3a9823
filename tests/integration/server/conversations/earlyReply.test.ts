import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { listMessagesByConversation } from '#server/db/messages';
import { signedInClient } from '../../../helpers/httpClient';
import { TestSocket } from '../../../helpers/socketClient';
import {
  sendAudioCommit,
  sendAudioStart,
  streamFrames,
  toneSamples,
} from '../../../helpers/streamAudio';
import { useTestServer } from '../../../helpers/useTestServer';
import type { StubRequest } from '../../../fixtures/openaiStub';

/**
 * The reply starts at a pause, on final words: the streaming transcriber's partials lag the
 * audio (the last word comes only after a commit), so at the client's pause (`audio_pause`) the
 * server makes the words so far final (a checkpoint), shows them, and starts the patient's
 * reply on them while the utterance may still go on. The end of speech claims it when no more words came; otherwise it is dropped and
 * the turn answered afresh. Against the OpenAI-compatible stub's realtime transcription socket.
 */

const HEARD = 'What worries you most about the crown?';
const REPLY = 'Honestly, the cost is what worries me most. Could we spread the payments?';
/** Long enough that the early reply's request is made well before the end's final arrives. */
const FINAL_DELAY_MS = 1500;

const isChat = (r: StubRequest) => r.path === '/v1/chat/completions';
const lastUserWords = (r: StubRequest) => {
  const messages = r.body?.messages as Array<{ role: string; content: string }>;
  return messages.at(-1)?.content;
};

describe('early replies on the words settled at a pause', () => {
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

  /** `items`: what each commit of the session hears (the pause's, then the end's). */
  async function open(items: string[] = [HEARD]) {
    stub.setReply(REPLY);
    stub.setStreamingTranscription({
      text: items.join(' '),
      items,
      // As a real service: no partial holds an item's last word before its commit.
      lagWords: 1,
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
    const userId = (await user.get('/api/auth/me')).body.user.id as string;
    return { socket, conversationId, userId };
  }

  /** An utterance in two parts with a pause between: speech, `audio_pause`, then the rest. */
  function speaker(socket: TestSocket, clientId: string) {
    const frames = streamFrames(toneSamples(1), 40);
    let sent = 0;
    const send = (count: number) => {
      for (const frame of frames.slice(sent, sent + count)) socket.ws.send(frame);
      sent += count;
    };
    return {
      start() {
        sendAudioStart(socket, clientId, { stream: true });
        send(15);
      },
      pause: () => socket.send({ type: 'audio_pause', clientId, frames: sent }),
      more: () => send(5),
      commit: () => sendAudioCommit(socket, clientId, sent),
    };
  }

  const chats = () => stub.requests.filter(isChat);
  const budgetUsed = async (userId: string) =>
    (
      await t.db.query<{ used: number }>(
        `SELECT used FROM hourly_usage WHERE user_id = $1 AND kind = 'ai_budget'`,
        [userId],
      )
    )[0]?.used ?? 0;

  it('settles the words at a pause, starts the reply on them, and claims it at the end of speech', async () => {
    const { socket, conversationId } = await open();
    const clientId = randomUUID();
    const voice = speaker(socket, clientId);
    voice.start();
    // The partials never hold the last word before a commit...
    const partial = await socket.next('transcript_partial');
    expect(HEARD.startsWith(partial.text)).toBe(true);
    expect(partial.text).not.toBe(HEARD);
    const before = chats().length;
    voice.pause();
    // ...the pause's checkpoint does.
    expect(await socket.next('transcript_partial', (f) => f.text === HEARD)).toEqual({
      type: 'transcript_partial',
      clientId,
      text: HEARD,
    });
    await vi.waitFor(() => expect(chats().length).toBe(before + 1));
    expect(lastUserWords(chats().at(-1)!)).toBe(HEARD);
    // The silence after the pause, then the end of speech; its own final is 1.5 s away.
    voice.more();
    voice.commit();
    expect(await socket.next('transcript')).toEqual({ type: 'transcript', clientId, text: HEARD });
    // Nothing of the early reply reached the client before the words were final and stored.
    const order = socket.frames
      .map((f) => f.type)
      .filter((type) => ['transcript', 'turn_stored', 'reply_start', 'reply_delta'].includes(type));
    expect(order.slice(0, 3)).toEqual(['transcript', 'turn_stored', 'reply_start']);
    expect((await socket.next('reply_done')).message.content).toBe(REPLY);
    // One model call for the turn: the early one was claimed, not repeated.
    expect(chats().slice(before)).toHaveLength(1);
    expect((await listMessagesByConversation(t.db, { conversationId })).slice(-2)).toMatchObject([
      { role: 'user', content: HEARD, source: 'voice' },
      { role: 'assistant', content: REPLY, partial: false },
    ]);
  });

  it('drops the early reply when more words follow the pause, answers the whole turn, and charges both calls', async () => {
    const more = 'I mean the one on the left.';
    const { socket, conversationId, userId } = await open([HEARD, more]);
    const clientId = randomUUID();
    const voice = speaker(socket, clientId);
    voice.start();
    const before = chats().length;
    const spentBefore = await budgetUsed(userId);
    voice.pause();
    await socket.next('transcript_partial', (f) => f.text === HEARD);
    await vi.waitFor(() => expect(chats().length).toBe(before + 1));
    voice.more();
    voice.commit();
    const whole = `${HEARD} ${more}`;
    expect(await socket.next('transcript')).toMatchObject({ text: whole });
    expect((await socket.next('reply_done')).message.content).toBe(REPLY);
    expect(chats().slice(before).map(lastUserWords)).toEqual([HEARD, whole]);
    expect(socket.frames.filter((f) => f.type === 'reply_start')).toHaveLength(1);
    expect(socket.frames.some((f) => f.type === 'error')).toBe(false);
    // The dropped call was made, so it was paid for: the utterance, the early reply, the reply.
    expect((await budgetUsed(userId)) - spentBefore).toBe(3);
    expect((await listMessagesByConversation(t.db, { conversationId })).slice(-2)).toMatchObject([
      { role: 'user', content: whole },
      { role: 'assistant', content: REPLY },
    ]);
  });

  it('makes no early call on words that end mid-thought', async () => {
    const { socket } = await open(['My tooth hurts when I', 'drink something cold.']);
    const clientId = randomUUID();
    const voice = speaker(socket, clientId);
    voice.start();
    const before = chats().length;
    voice.pause();
    await socket.next('transcript_partial', (f) => f.text === 'My tooth hurts when I');
    voice.more();
    voice.commit();
    expect(await socket.next('transcript')).toMatchObject({
      text: 'My tooth hurts when I drink something cold.',
    });
    await socket.next('reply_done');
    expect(chats().slice(before)).toHaveLength(1);
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
    const voice = speaker(socket, clientId);
    voice.start();
    const before = chats().length;
    voice.pause();
    await socket.next('transcript_partial', (f) => f.text === HEARD);
    voice.more();
    voice.commit();
    expect(await socket.next('error', (f) => f.clientId === clientId)).toMatchObject({
      code: 'rate_limit:turns',
    });
    expect(chats().slice(before)).toHaveLength(0);
    const stored = await listMessagesByConversation(t.db, { conversationId });
    expect(stored.filter((m) => m.role === 'user')).toHaveLength(3);
  });

  it('answers a pause that names the wrong frame count with an error, and the utterance goes on', async () => {
    const { socket } = await open();
    const clientId = randomUUID();
    const voice = speaker(socket, clientId);
    voice.start();
    socket.send({ type: 'audio_pause', clientId, frames: 99 });
    expect(await socket.next('error', (f) => f.clientId === clientId)).toMatchObject({
      code: 'bad_request:audio',
    });
    voice.more();
    voice.commit();
    expect(await socket.next('transcript')).toMatchObject({ text: HEARD });
    expect(
      stub.realtimeSessions.at(-1)!.eventTypes.filter((t) => t === 'input_audio_buffer.commit'),
    ).toHaveLength(1);
  });
});
