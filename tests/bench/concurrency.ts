import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { signedInClient, type HttpClient } from '../helpers/httpClient';
import {
  processCpuSeconds,
  processMemory,
  startChildBenchServer,
  type ChildBenchServer,
} from './childServer';
import { percentile, type BenchRow } from './report';
import { spawnStub, type StubSettings } from './stubProcess';
import { LoadSocket } from '../helpers/loadSocket';
// The same stub latencies and overhead rule as the voice pipeline benchmark.
import {
  componentSum,
  FIRST_TOKEN_MS,
  STREAM_FINAL_MS,
  STT_MS,
  TOKEN_MS,
  TTS_FIRST_BYTE_MS,
} from './voicePipeline';
import { sendAudioPause, sendAudioStart, streamFrames, toneSamples } from '../helpers/streamAudio';

const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 200);
export const TYPED_TURNS = 3;
// One user may hold one open conversation per scenario; 25 of the library's scenarios each.
export const CONVERSATIONS_PER_USER = 25;
const OVERHEAD_TARGET_MS = 100;
/**
 * Two rounds of the same 200 conversations. Each conversation starts somewhere in the first
 * think time and pauses one to two think times before each next turn.
 *
 * People's pace (the target applies here): a clinician reads the patient's reply and then says
 * or types an answer, which takes 10 s or more a turn; 5-10 s is already brisk.
 *
 * Stress: 1-2 s apart, several times faster than anyone talks, so the 200 conversations make
 * about five times the turns per second; printed without a target, to show where the one server
 * thread saturates on this machine and that nothing is lost or fails when it does.
 */
const ROUNDS = [
  { name: "people's pace", thinkMs: Number(process.env.BENCH_THINK_MS ?? 5000), targeted: true },
  { name: 'stress', thinkMs: Number(process.env.BENCH_STRESS_THINK_MS ?? 1000), targeted: false },
];

export const REPLY =
  'Honestly, the cost is what worries me most. I had a bad experience with a filling years ago.';
/** What the stub's latencies alone cost before the first speech byte of REPLY. */
export const COMPONENTS_MS = componentSum(REPLY);
/** Two seconds of tone, streamed in real time as 40 ms frames: the spoken turn of each. */
export const SPOKEN_SECONDS = 2;
export const FRAME_MS = 40;
export const UTTERANCE_FRAMES = streamFrames(toneSamples(SPOKEN_SECONDS), FRAME_MS);
export const SPOKEN_WORDS = 'What worries you most about the treatment?';

async function cpuOf(serverPid: number, stubPid: number) {
  const self = process.cpuUsage();
  return {
    server: await processCpuSeconds(serverPid),
    stub: await processCpuSeconds(stubPid),
    self: (self.user + self.system) / 1e6,
  };
}

/** The provider stub the load benchmarks talk to: the voice pipeline benchmark's latencies. */
export const LOAD_STUB: StubSettings = {
  reply: REPLY,
  transcription: 'What worries you most about the treatment?',
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
  return {
    AI_PROVIDER: 'openai',
    OPENAI_API_KEY: 'sk-bench',
    OPENAI_BASE_URL: stubUrl,
    STT_MODE: 'streaming',
    AI_MAX_RETRIES: '0',
    TURNS_PER_HOUR: '100000',
    AI_BUDGET_PER_HOUR: '10000000',
    CONCURRENT_TURNS_PER_USER: '1000',
    // Each load user holds CONVERSATIONS_PER_USER sockets at once.
    SOCKETS_PER_USER: '1000',
    LOG_LEVEL: 'error',
  };
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

interface Conversation {
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

async function converse(c: Conversation, thinkMs: number, random: () => number): Promise<void> {
  const { socket } = c;
  const think = () => sleep(thinkMs * (1 + random()));
  await sleep(thinkMs * random());
  for (let turn = 0; turn < TYPED_TURNS; turn++) {
    if (turn > 0) await think();
    const from = socket.frames.length;
    const started = performance.now();
    socket.ws.send(
      JSON.stringify({
        type: 'turn',
        clientId: randomUUID(),
        text: 'What worries you most about the treatment?',
        stream: true,
      }),
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
  // Frames go out as the browser sends them: one every 40 ms while the clinician speaks.
  sendAudioStart(socket, clientId, { stream: true, speak: true });
  for (const frame of UTTERANCE_FRAMES.slice(0, -1)) {
    socket.ws.send(frame);
    await sleep(FRAME_MS);
  }
  // The speaker's pause, as the client reports it (decision 033): the words are settled and
  // the reply starts on them; the end of speech follows once they are back.
  sendAudioPause(socket, clientId, UTTERANCE_FRAMES.length - 1);
  await socket.next('transcript_partial', from, (f) => f.text === SPOKEN_WORDS);
  socket.ws.send(UTTERANCE_FRAMES.at(-1)!);
  const ended = await new Promise<number>((resolve) =>
    socket.ws.send(
      JSON.stringify({ type: 'audio_commit', clientId, frames: UTTERANCE_FRAMES.length }),
      () => resolve(performance.now()),
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

interface RoundResult {
  conversations: Conversation[];
  elapsed: number;
  peakRss: number;
  /** CPU seconds used during the round, by process. */
  cpu: { server: number; stub: number; self: number };
}

/** Signs up the users, opens every conversation and its socket, ready to talk. */
async function openConversations(serverUrl: string, round: string): Promise<Conversation[]> {
  const users: HttpClient[] = [];
  for (let i = 0; i * CONVERSATIONS_PER_USER < CONVERSATIONS; i++) {
    users.push(await signedInClient(serverUrl, `Dr Load ${round} ${i + 1}`));
  }
  const { body } = await users[0]!.get('/api/scenarios');
  const scenarioIds: string[] = body.scenarios.map((s: { id: string }) => s.id);
  return Promise.all(
    Array.from({ length: CONVERSATIONS }, async (_, i) => {
      const user = users[Math.floor(i / CONVERSATIONS_PER_USER)]!;
      const created = await user.post('/api/conversations', {
        scenarioId: scenarioIds[i % CONVERSATIONS_PER_USER],
      });
      if (created.status !== 201) throw new Error(`new conversation: HTTP ${created.status}`);
      const conversationId = created.body.session.id as string;
      const socket = await LoadSocket.open(serverUrl, conversationId, user.cookie!);
      await socket.next('history', 0);
      const conversation: Conversation = {
        conversationId,
        socket,
        sent: 0,
        replies: 0,
        firstTokens: [],
        overhead: null,
        streamedSeconds: 0,
        failure: null,
      };
      return conversation;
    }),
  );
}

async function playRound(
  conversations: Conversation[],
  pids: { server: number; stub: number },
  thinkMs: number,
): Promise<RoundResult> {
  let peakRss = 0;
  const sampler = setInterval(() => {
    void processMemory(pids.server).then((m) => {
      if (m) peakRss = Math.max(peakRss, m.rss);
    });
  }, 100);
  try {
    const random = seededRandom(6);
    const before = await cpuOf(pids.server, pids.stub);
    const started = performance.now();
    await Promise.all(
      conversations.map((c) =>
        converse(c, thinkMs, random).catch((error: unknown) => {
          c.failure = String(error);
        }),
      ),
    );
    const elapsed = (performance.now() - started) / 1000;
    const after = await cpuOf(pids.server, pids.stub);
    const final = await processMemory(pids.server);
    if (final) peakRss = Math.max(peakRss, final.rss);
    await Promise.all(conversations.map((c) => c.socket.close()));
    return {
      conversations,
      elapsed,
      peakRss,
      cpu: {
        server: after.server - before.server,
        stub: after.stub - before.stub,
        self: after.self - before.self,
      },
    };
  } finally {
    clearInterval(sampler);
  }
}

/** Turns sent but not stored, or answered but not stored (lost), and stored twice (extra). */
async function countStored(target: ChildBenchServer, conversations: Conversation[]) {
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

function roundRows(
  round: (typeof ROUNDS)[number],
  result: RoundResult,
  stored: { lost: number; extra: number },
  dbLabel: string,
): BenchRow[] {
  const { conversations, elapsed, cpu } = result;
  const failures = conversations.filter((c) => c.failure !== null);
  for (const c of failures.slice(0, 3)) console.log(`  failed (${round.name}): ${c.failure}`);
  const errors =
    failures.length + conversations.reduce((n, c) => n + c.socket.errors(), 0) + stored.extra;
  const firstTokens = conversations.flatMap((c) => c.firstTokens);
  const overheads = conversations.flatMap((c) => (c.overhead === null ? [] : [c.overhead]));
  const turns = conversations.reduce((n, c) => n + c.sent, 0);
  const streamed = conversations.reduce((n, c) => n + c.streamedSeconds, 0);
  const overheadP95 = percentile(overheads, 95);
  const at = `concurrency, ${round.name}:`;
  const percent = (seconds: number) => (100 * seconds) / elapsed;
  return [
    {
      name: `${at} ${CONVERSATIONS} conversations × (${TYPED_TURNS} typed + 1 streamed spoken turn, ${round.thinkMs / 1000}-${(2 * round.thinkMs) / 1000} s apart), ${dbLabel}`,
      value: elapsed,
      unit: 's',
    },
    { name: `${at} turns per second`, value: turns / elapsed, unit: 'turns/s' },
    {
      name: `${at} time to first token p50 (stub first token ${FIRST_TOKEN_MS} ms)`,
      value: percentile(firstTokens, 50),
      unit: 'ms',
    },
    { name: `${at} time to first token p95`, value: percentile(firstTokens, 95), unit: 'ms' },
    {
      name: `${at} voice overhead p50 (components ${COMPONENTS_MS} ms)`,
      value: percentile(overheads, 50),
      unit: 'ms',
    },
    round.targeted
      ? {
          name: `${at} voice overhead p95`,
          value: overheadP95,
          unit: 'ms',
          target: `≤ ${OVERHEAD_TARGET_MS} ms`,
          ok: overheadP95 <= OVERHEAD_TARGET_MS,
        }
      : { name: `${at} voice overhead p95 (no target)`, value: overheadP95, unit: 'ms' },
    {
      name: `${at} errors (error frames, failed or duplicated turns)`,
      value: errors,
      unit: 'errors',
      target: '0',
      ok: errors === 0,
    },
    {
      name: `${at} lost messages (stored vs sent and received)`,
      value: stored.lost,
      unit: 'messages',
      target: '0',
      ok: stored.lost === 0,
    },
    { name: `${at} server peak RSS`, value: result.peakRss, unit: 'MiB' },
    // Where the machine's time went: server, provider stub and load generator share its cores.
    { name: `${at} server CPU`, value: percent(cpu.server), unit: '% of a core' },
    { name: `${at} server CPU per turn`, value: (1000 * cpu.server) / turns, unit: 'ms' },
    {
      // Everything the server did in the round, over the audio it received: an upper bound on
      // what one second of streamed audio costs (frames, checks, resampling, the relay).
      name: `${at} server CPU per second of streamed audio (upper bound: all the round's CPU)`,
      value: (1000 * cpu.server) / streamed,
      unit: 'ms',
    },
    {
      name: `${at} stub and load generator CPU`,
      value: percent(cpu.stub + cpu.self),
      unit: '% of a core',
    },
  ];
}

/**
 * Issue 6: 200 conversations at once over real sockets, each 3 typed turns and 1 spoken one,
 * against the stub in its own process; the server in its own process too, so its memory is its
 * own. Two rounds (people's pace, then stress), each with users and conversations of its own.
 * Stored messages are counted in the database afterwards against what was sent and answered.
 */
export async function benchConcurrency(): Promise<BenchRow[]> {
  const stub = await spawnStub(LOAD_STUB);
  const target = await startChildBenchServer(loadServerEnv(stub.url)).catch((error: unknown) => {
    stub.stop();
    throw error;
  });
  const { server } = target;
  const opened: Conversation[] = [];
  try {
    const idle = await processMemory(server.pid);
    const played: RoundResult[] = [];
    for (const round of ROUNDS) {
      const conversations = await openConversations(server.url, round.name);
      opened.push(...conversations);
      played.push(
        await playRound(conversations, { server: server.pid, stub: stub.pid }, round.thinkMs),
      );
    }
    await target.stop();
    const rows: BenchRow[] = [
      {
        name: 'concurrency: server RSS before the rounds',
        value: idle?.rss ?? Number.NaN,
        unit: 'MiB',
      },
    ];
    for (const [i, round] of ROUNDS.entries()) {
      const result = played[i]!;
      rows.push(
        ...roundRows(round, result, await countStored(target, result.conversations), target.label),
      );
    }
    return rows;
  } finally {
    await Promise.all(opened.map((c) => c.socket.close()));
    await target.server.stop();
    await target.drop();
    stub.stop();
  }
}
