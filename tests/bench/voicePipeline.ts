import OpenAI, { toFile } from 'openai';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { createSentenceChunker } from '#shared/sentences';
import { encodeWav } from '#server/voice/audioFormat';
import { TestSocket } from '../helpers/socketClient';
import { sendAudioPause, sendAudioStart, streamFrames, toneSamples } from '../helpers/streamAudio';
import { startBenchServer, type BenchServer } from './benchServer';
import { spawnStub, type StubSettings } from './stubProcess';
import { percentile, type BenchRow } from './report';

/** Issue 13's fixed component latencies, played by the stub. */
export const STREAM_FINAL_MS = 100;
export const STT_MS = 300;
export const FIRST_TOKEN_MS = 250;
export const TOKEN_MS = 20; // 50 tokens per second
export const TTS_FIRST_BYTE_MS = 150;
const SPEECH_CHUNKS = 4;
const TURNS = Number(process.env.BENCH_VOICE_TURNS ?? 50);
// Our turns run one at a time so the figure is the pipeline's latency, not queueing on a
// two-core machine (the load benchmark measures concurrency separately).
const BASELINE_TURNS = Number(process.env.BENCH_VOICE_BASELINE_TURNS ?? 20);
/** Two seconds of "speech", streamed as the browser does: 40 ms frames. */
const SPOKEN_SECONDS = 2;
const FRAME_MS = 40;
/** Frames go out ten times faster than real time: the wait is for the end, not the middle. */
const FRAME_GAP_MS = FRAME_MS / 10;

const SENTENCES = [
  'Honestly, the cost is what worries me most.',
  'I had a bad experience with a filling years ago.',
  'My husband thinks I should just wait and see.',
  'Would it hurt much, do you think?',
  'I do want to keep the tooth if I can.',
  'We are saving for a family holiday this summer.',
  'Could we spread the payments over a few months?',
  'I would need to take the morning off work.',
  'My sister had a crown and she was fine.',
  'I suppose I just want to understand the options first.',
];

/** A patient reply of about `words` words, in natural sentences. */
export function replyOfWords(words: number): string {
  const out: string[] = [];
  let count = 0;
  for (let i = 0; count < words; i++) {
    const sentence = SENTENCES[i % SENTENCES.length]!;
    out.push(sentence);
    count += sentence.split(' ').length;
  }
  return out.join(' ');
}

/**
 * What the components alone cost before the first audio byte can exist: the first token, the
 * tokens up to the end of the first speech chunk (as the stub streams them, word by word), and
 * speech's first byte; plus `transcriptMs` where the transcript is on the critical path (batch).
 * With streaming, the reply starts on the words settled at the speaker's pause, and the final
 * transcript (100 ms) arrives while the first token (250 ms) is awaited, so it adds nothing.
 * Anything above this is our pipeline's overhead.
 */
export function componentSum(
  reply: string,
  transcriptMs = 0,
  options = { firstClause: true },
): number {
  const tokens = reply.split(/(?=\s)/);
  const chunker = createSentenceChunker(options);
  const index = tokens.findIndex((token) => chunker.push(token).length > 0);
  return transcriptMs + FIRST_TOKEN_MS + index * TOKEN_MS + TTS_FIRST_BYTE_MS;
}

/** The seed's pipeline: transcribe → whole reply → whole speech → send. */
async function sequentialTurn(client: OpenAI, audio: Buffer): Promise<number> {
  const started = performance.now();
  const file = await toFile(audio, 'utterance.wav', { type: 'audio/wav' });
  const { text } = await client.audio.transcriptions.create({
    file,
    model: 'whisper-1',
    language: 'en',
  });
  const stream = await client.chat.completions.create({
    model: 'gpt',
    stream: true,
    temperature: 0.7,
    max_tokens: 300,
    messages: [{ role: 'user', content: text }],
  });
  let reply = '';
  for await (const chunk of stream) reply += chunk.choices[0]?.delta?.content ?? '';
  const speech = await client.audio.speech.create({ model: 'tts-1', voice: 'nova', input: reply });
  await speech.arrayBuffer();
  return performance.now() - started;
}

async function openSocket(bench: BenchServer, index: number): Promise<TestSocket> {
  const scenarioId = bench.scenarioIds[index % bench.scenarioIds.length];
  const created = await bench.user.post('/api/conversations', { scenarioId });
  const socket = await TestSocket.open(bench.server.url, created.body.session.id, {
    cookie: bench.user.cookie,
  });
  await socket.next('history');
  return socket;
}

/** Resolves when `ws.send` has handed the frame to the kernel: the moment it left us. */
function sent(socket: TestSocket, data: string | Uint8Array): Promise<number> {
  return new Promise((resolve) => socket.ws.send(data, () => resolve(performance.now())));
}

/**
 * Today's pipeline: the utterance streams while it is spoken, and the transcriber's partials
 * lag it (the last word only after a commit). At the speaker's pause the client sends
 * `audio_pause`; the server makes the words so far final, shows them, and starts the reply on
 * them. The end of speech follows (the last frame, then the commit, as soon as the settled words
 * are back: the detector's silence is measured on recorded speech by the turn-taking bench).
 * The time runs from that commit to the first speech byte.
 */
async function streamedTurn(socket: TestSocket, frames: Uint8Array[], words: string) {
  const from = socket.frames.length;
  const clientId = randomUUID();
  sendAudioStart(socket, clientId, { stream: true, speak: true });
  for (const frame of frames.slice(0, -1)) {
    socket.ws.send(frame);
    await sleep(FRAME_GAP_MS);
  }
  sendAudioPause(socket, clientId, frames.length - 1);
  await within(
    socket,
    from,
    socket.next('transcript_partial', (f) => f.text === words, from),
  );
  socket.ws.send(frames.at(-1)!);
  const ended = await sent(
    socket,
    JSON.stringify({ type: 'audio_commit', clientId, frames: frames.length }),
  );
  await within(
    socket,
    from,
    socket.next('speech', (f) => f.bytes > 0, from),
  );
  const elapsed = performance.now() - ended;
  await cutIn(socket, from);
  return elapsed;
}

/**
 * The batch pipeline: the same stream, on a server without a streaming transcriber, so the
 * words come from one batch transcription of the whole utterance after its commit. The time
 * runs from the last frame, which the commit follows at once.
 */
async function batchTurn(socket: TestSocket, frames: Uint8Array[]): Promise<number> {
  const from = socket.frames.length;
  const clientId = randomUUID();
  sendAudioStart(socket, clientId, { stream: true, speak: true });
  for (const frame of frames.slice(0, -1)) socket.ws.send(frame);
  const started = await sent(socket, frames.at(-1)!);
  socket.ws.send(JSON.stringify({ type: 'audio_commit', clientId, frames: frames.length }));
  await within(
    socket,
    from,
    socket.next('speech', (f) => f.bytes > 0, from),
  );
  const elapsed = performance.now() - started;
  await cutIn(socket, from);
  return elapsed;
}

/** A turn that never completes fails the benchmark with what the socket got, not a hang. */
async function within<T>(socket: TestSocket, from: number, waiting: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const got = socket.frames.slice(from).map((f) => JSON.stringify(f).slice(0, 160));
      reject(new Error(`voice turn stuck; frames since it started:\n${got.join('\n')}`));
    }, 30_000);
  });
  try {
    return await Promise.race([waiting, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The figure is in once the first audio is out: the clinician cuts in (barge-in), and the turn
 * ends with what was said so far stored, rather than the whole reply played out.
 */
async function cutIn(socket: TestSocket, from: number): Promise<void> {
  socket.ws.send(JSON.stringify({ type: 'cancel' }));
  await within(
    socket,
    from,
    socket.next('reply_done', () => true, from),
  );
}

async function times(count: number, run: () => Promise<number>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push(await run());
  return out;
}

/** The stub's script for the pipeline's components (issue 13's fixed latencies). */
function pipelineStub(reply: string, transcript: string): StubSettings {
  return {
    reply,
    transcription: transcript,
    transcriptionDelayMs: STT_MS,
    firstTokenDelayMs: FIRST_TOKEN_MS,
    tokenDelayMs: TOKEN_MS,
    speechBytes: 8_000,
    speechChunks: SPEECH_CHUNKS,
    speechFirstByteDelayMs: TTS_FIRST_BYTE_MS,
    streamingTranscription: {
      text: transcript,
      // The words until the pause; the silence after it hears nothing.
      items: [transcript],
      // As a real service's: the last word comes only after a commit.
      lagWords: 1,
      finalDelayMs: STREAM_FINAL_MS,
      wordsPerSecondOfAudio: 10,
    },
  };
}

/**
 * The streaming pipeline's last frame → first speech byte, `turns` times for a reply of about
 * `words` words, with its own stub and server: for comparing another engine in the same run.
 */
export async function streamingFirstAudio(words: number, turns: number): Promise<number[]> {
  const transcript = 'What worries you most about the treatment?';
  const frames = streamFrames(toneSamples(SPOKEN_SECONDS), FRAME_MS);
  const stub = await spawnStub(pipelineStub(replyOfWords(words), transcript));
  const streaming = await startBenchServer(stub.url, { STT_MODE: 'streaming' });
  const socket = await openSocket(streaming, 0);
  try {
    return await times(turns, () => streamedTurn(socket, frames, transcript));
  } finally {
    await socket.close();
    await streaming.close();
    stub.stop();
  }
}

/**
 * Issue 13: from the end of the utterance to the first speech byte back, for replies of about
 * 20, 60 and 120 words, for the streaming pipeline, the batch pipeline (whole upload, batch
 * transcription) and the seed's sequential one, all against the same stub in the same run.
 */
export async function benchVoicePipeline(): Promise<BenchRow[]> {
  const samples = toneSamples(SPOKEN_SECONDS);
  const frames = streamFrames(samples, FRAME_MS);
  const wav = encodeWav(samples);
  const rows: BenchRow[] = [];
  const firstAudioP50: Record<number, number> = {};
  const transcript = 'What worries you most about the treatment?';
  for (const words of [20, 60, 120]) {
    const reply = replyOfWords(words);
    const stub = await spawnStub(pipelineStub(reply, transcript));
    const streaming = await startBenchServer(stub.url, { STT_MODE: 'streaming' });
    const batch = await startBenchServer(stub.url, { STT_MODE: 'batch' });
    const direct = new OpenAI({ apiKey: 'sk-bench', baseURL: stub.url, maxRetries: 0 });
    const streamSocket = await openSocket(streaming, 0);
    const batchSocket = await openSocket(batch, 0);
    const ours = await times(TURNS, () => streamedTurn(streamSocket, frames, transcript));
    const uploaded = await times(TURNS, () => batchTurn(batchSocket, frames));
    const sequential = await times(BASELINE_TURNS, () => sequentialTurn(direct, wav));
    await Promise.all([streamSocket.close(), batchSocket.close()]);
    await Promise.all([streaming.close(), batch.close()]);
    stub.stop();

    const sum = componentSum(reply);
    const overheads = ours.map((t) => t - sum);
    const p50 = percentile(ours, 50);
    firstAudioP50[words] = p50;
    const vsSequential = percentile(sequential, 50) / p50;
    const vsBatch = percentile(uploaded, 50) / p50;
    const at = `voice ${words}w:`;
    rows.push(
      {
        name: `${at} streaming, first audio p50 / p95 (${TURNS} turns)`,
        value: p50,
        unit: `ms / ${percentile(ours, 95).toFixed(0)} ms`,
      },
      {
        name: `${at} critical path of the components (first token + first clause + speech; the ${STREAM_FINAL_MS} ms final runs beside the first token)`,
        value: sum,
        unit: 'ms',
      },
      {
        name: `${at} our overhead p95`,
        value: percentile(overheads, 95),
        unit: 'ms',
        target: '≤ 50 ms',
        ok: percentile(overheads, 95) <= 50,
      },
      {
        name: `${at} batch pipeline (streamed, then ${STT_MS} ms transcription) p50 (${TURNS} turns)`,
        value: percentile(uploaded, 50),
        unit: 'ms',
      },
      {
        name: `${at} sequential pipeline p50 (${BASELINE_TURNS} turns)`,
        value: percentile(sequential, 50),
        unit: 'ms',
      },
      {
        name: `${at} speed-up vs sequential`,
        value: vsSequential,
        unit: '×',
        ...(words === 60 ? { target: '≥ 3.5×', ok: vsSequential >= 3.5 } : {}),
      },
      {
        name: `${at} speed-up vs batch`,
        value: vsBatch,
        unit: '×',
        ...(words === 60 ? { target: '≥ 1.5×', ok: vsBatch >= 1.5 } : {}),
      },
    );
  }
  const growth = firstAudioP50[120]! - firstAudioP50[20]!;
  rows.push({
    name: 'voice first audio growth 20w → 120w (streaming p50)',
    value: growth,
    unit: 'ms',
    target: 'flat (≤ 50 ms)',
    ok: growth <= 50,
  });
  return rows;
}
