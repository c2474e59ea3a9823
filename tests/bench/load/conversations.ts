import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { signedInClient, type HttpClient } from '../../helpers/httpClient';
import {
  sendAudioPause,
  sendAudioStart,
  streamFrames,
  toneSamples,
} from '../../helpers/streamAudio';
import type { ChildBenchServer } from '../childServer';
import type { StubSettings } from '../stubProcess';
// The same stub latencies and overhead rule as the voice pipeline benchmark.
import {
  componentSum,
  FIRST_TOKEN_MS,
  STREAM_FINAL_MS,
  STT_MS,
  TOKEN_MS,
  TTS_FIRST_BYTE_MS,
} from '../voicePipeline';
import { END_OF_SPEECH_MS, PAUSE_MS } from '#client/lib/audio/detection/frameDetector';
import { LoadSocket } from '../../helpers/loadSocket';

/**
 * One clinician's conversation under load, as the browser has it: typed turns, then a spoken
 * turn streamed in real time, each after a think time. Shared by the concurrency, scale and
 * failover benchmarks.
 */

export const TYPED_TURNS = 3;
/**
 * By default each load user holds 25 conversations (one per scenario: a user may hold one open
 * conversation per scenario), which also tests what one busy user costs everybody else.
 */
export const CONVERSATIONS_PER_USER = 25;

export const REPLY =
  'Honestly, the cost is what worries me most. I had a bad experience with a filling years ago.';
/** What the stub's latencies alone cost before the first speech byte of REPLY. */
export const COMPONENTS_MS = componentSum(REPLY);
const SPOKEN_SECONDS = 2;
/** The browser sends 64 ms frames (client/src/lib/audio/utteranceStream.ts). */
export const BROWSER_FRAME_MS = 64;
/** Each conversation's spoken turn: two seconds of tone in the browser's frames. */
export const UTTERANCE_FRAMES = streamFrames(toneSamples(SPOKEN_SECONDS), BROWSER_FRAME_MS);
export const SPOKEN_WORDS = 'What worries you most about the treatment?';

/** The provider stub's script for this load: the reply, its speech and the transcription. */
export const LOAD_STUB: StubSettings = {
  reply: REPLY,
  transcription: SPOKEN_WORDS,
  transcriptionDelayMs: STT_MS,
  firstTokenDelayMs: FIRST_TOKEN_MS,
  tokenDelayMs: TOKEN_MS,
  speechBytes: 8_000,
  speechChunks: 4,
  speechFirstByteDelayMs: TTS_FIRST_BYTE_MS,
  streamingTranscription: {
    text: SPOKEN_WORDS,
    items: [SPOKEN_WORDS],
    // As a real service's partials: the last word only after a commit.
    lagWords: 1,
    finalDelayMs: STREAM_FINAL_MS,
    wordsPerSecondOfAudio: 10,
  },
};

/** The server settings of a load run: the stub as provider, limits out of the way of the load. */
export function loadServerEnv(stubUrl: string): Record<string, string> {
  return { ...LOAD_SERVER_ENV, OPENAI_BASE_URL: stubUrl };
}

const LOAD_SERVER_ENV: Record<string, string> = {
  AI_PROVIDER: 'openai',
  OPENAI_API_KEY: 'sk-bench',
  STT_MODE: 'streaming',
  AI_MAX_RETRIES: '0',
  TURNS_PER_HOUR: '100000',
  AI_BUDGET_PER_HOUR: '10000000',
  CONCURRENT_TURNS_PER_USER: '1000',
  // Each load user holds CONVERSATIONS_PER_USER sockets at once.
  SOCKETS_PER_USER: '1000',
  // Every load user signs up from 127.0.0.1.
  AUTH_ATTEMPTS_PER_ADDRESS: '100000',
  LOG_LEVEL: 'error',
  ...(process.env.BENCH_POOL_SIZE ? { DATABASE_POOL_SIZE: process.env.BENCH_POOL_SIZE } : {}),
};

export interface Conversation {
  conversationId: string;
  socket: LoadSocket;
  sent: number;
  replies: number;
  firstTokens: number[];
  overhead: number | null;
  /** Seconds of audio this conversation streamed. */
  streamedSeconds: number;
  failure: string | null;
}

/** A small seeded generator, so every run plays the same schedule. */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Pace {
  /** Each turn follows the last by one to two think times; the first starts within one. */
  thinkMs: number;
  frameMs: number;
}

export async function converse(c: Conversation, pace: Pace, random: () => number): Promise<void> {
  const { socket } = c;
  const frames =
    pace.frameMs === BROWSER_FRAME_MS
      ? UTTERANCE_FRAMES
      : streamFrames(toneSamples(SPOKEN_SECONDS), pace.frameMs);
  const think = () => sleep(pace.thinkMs * (1 + random()));
  await sleep(pace.thinkMs * random());
  for (let turn = 0; turn < TYPED_TURNS; turn++) {
    if (turn > 0) await think();
    const from = socket.frames.length;
    const started = performance.now();
    socket.ws.send(
      JSON.stringify({ type: 'turn', clientId: randomUUID(), text: SPOKEN_WORDS, stream: true }),
    );
    c.sent++;
    const delta = await socket.next('reply_delta', from);
    c.firstTokens.push(delta.at - started);
    await socket.next('reply_done', from);
    c.replies++;
  }
  await think();
  const from = socket.frames.length;
  const clientId = randomUUID();
  // Frames go out as the browser sends them, in real time while the clinician speaks.
  sendAudioStart(socket, clientId, { stream: true, speak: true });
  for (const frame of frames.slice(0, -1)) {
    socket.ws.send(frame);
    await sleep(pace.frameMs);
  }
  // The speaker's pause, as the client reports it (decision 033): the words are settled and
  // the reply starts on them; the end of speech follows once they are back, or once the
  // browser's detector has heard silence long enough to end the utterance, whichever is first
  // (a server slow to settle the words does not hold the clinician's turn open).
  sendAudioPause(socket, clientId, frames.length - 1);
  await socket
    .next('transcript_partial', from, (f) => f.text === SPOKEN_WORDS, END_OF_SPEECH_MS - PAUSE_MS)
    .catch(() => undefined);
  socket.ws.send(frames.at(-1)!);
  const ended = await new Promise<number>((resolve) =>
    socket.ws.send(JSON.stringify({ type: 'audio_commit', clientId, frames: frames.length }), () =>
      resolve(performance.now()),
    ),
  );
  c.streamedSeconds += SPOKEN_SECONDS;
  c.sent++;
  const speech = await socket.next('speech', from, (f) => f.bytes > 0);
  c.overhead = speech.at - ended - COMPONENTS_MS;
  await socket.next('reply_done', from);
  c.replies++;
  await socket.next('speech_done', from);
}

/** Signs up the users, opens every conversation and its socket, ready to talk. */
export async function openConversations(
  serverUrl: string,
  count: number,
  label: string,
  perUser = CONVERSATIONS_PER_USER,
): Promise<Conversation[]> {
  const users: HttpClient[] = [];
  const userCount = Math.ceil(count / perUser);
  // Sign-ups hash a password each: a few at a time keep the server's thread pool busy.
  for (let at = 0; at < userCount; at += 8) {
    const batch = Array.from({ length: Math.min(8, userCount - at) }, (_, i) =>
      signedInClient(serverUrl, `Dr Load ${label} ${at + i + 1}`),
    );
    users.push(...(await Promise.all(batch)));
  }
  const { body } = await users[0]!.get('/api/scenarios');
  const scenarioIds: string[] = body.scenarios.map((s: { id: string }) => s.id);
  const open = async (i: number): Promise<Conversation> => {
    const user = users[Math.floor(i / perUser)]!;
    // Each of a user's conversations on a scenario of its own (one open conversation each);
    // users with one conversation spread over the library.
    const scenarioId = scenarioIds[(perUser === 1 ? i : i % perUser) % scenarioIds.length];
    const created = await user.post('/api/conversations', { scenarioId });
    if (created.status !== 201) throw new Error(`new conversation: HTTP ${created.status}`);
    const conversationId = created.body.session.id as string;
    const socket = await LoadSocket.open(serverUrl, conversationId, user.cookie!);
    await socket.next('history', 0);
    return {
      conversationId,
      socket,
      sent: 0,
      replies: 0,
      firstTokens: [],
      overhead: null,
      streamedSeconds: 0,
      failure: null,
    };
  };
  // A class arrives over a minute, not in one instant: 50 at a time.
  const opened: Conversation[] = [];
  for (let at = 0; at < count; at += 50) {
    const batch = Array.from({ length: Math.min(50, count - at) }, (_, i) => open(at + i));
    opened.push(...(await Promise.all(batch)));
  }
  return opened;
}

/** Turns sent but not stored, or answered but not stored (lost), and stored twice (extra). */
export async function countStored(target: ChildBenchServer, conversations: Conversation[]) {
  const stored = await target.read((db) =>
    db.query<{ conversationId: string; user: number; assistant: number }>(
      `SELECT session_id AS "conversationId",
              count(*) FILTER (WHERE role = 'user')::int AS "user",
              count(*) FILTER (WHERE role = 'assistant')::int AS "assistant"
         FROM messages WHERE session_id = ANY($1::uuid[]) GROUP BY session_id`,
      [conversations.map((c) => c.conversationId)],
    ),
  );
  const byConversation = new Map(stored.map((row) => [row.conversationId, row]));
  let lost = 0;
  let extra = 0;
  for (const c of conversations) {
    const row = byConversation.get(c.conversationId) ?? { user: 0, assistant: 0 };
    // Every turn sent is stored; every reply received is stored, beside the opening line.
    for (const diff of [row.user - c.sent, row.assistant - (c.replies + 1)]) {
      if (diff < 0) lost -= diff;
      else extra += diff;
    }
  }
  return { lost, extra };
}
