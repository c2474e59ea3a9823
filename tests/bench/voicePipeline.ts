import OpenAI, { toFile } from 'openai';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { createSentenceChunker } from '../../shared/sentences';
import { encodeWav } from '../../server/voice/audioFormat';
import { TestSocket } from '../helpers/socketClient';
import { startBenchServer } from './benchServer';
import { spawnStub } from './stubProcess';
import { percentile, type BenchRow } from './report';

/** Issue 5's fixed component latencies, played by the stub. */
export const STT_MS = 300;
export const FIRST_TOKEN_MS = 250;
export const TOKEN_MS = 20; // 50 tokens per second
export const TTS_FIRST_BYTE_MS = 150;
const SPEECH_CHUNKS = 4;
const TURNS = Number(process.env.BENCH_VOICE_TURNS ?? 50);
// Our turns run one at a time so the figure is the pipeline's latency, not queueing on a
// two-core machine (the load benchmark measures concurrency separately).
const PARALLEL = Number(process.env.BENCH_VOICE_PARALLEL ?? 1);
const BASELINE_TURNS = Number(process.env.BENCH_VOICE_BASELINE_TURNS ?? 20);

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
function replyOfWords(words: number): string {
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
 * What the components alone cost before the first audio byte can exist: transcription, the first
 * token, the tokens up to the end of the first sentence (as the stub streams them, word by word),
 * and speech's first byte. Anything above this is our pipeline's overhead.
 */
export function componentSum(reply: string): number {
  const tokens = reply.split(/(?=\s)/);
  const chunker = createSentenceChunker();
  const index = tokens.findIndex((token) => chunker.push(token).length > 0);
  return STT_MS + FIRST_TOKEN_MS + index * TOKEN_MS + TTS_FIRST_BYTE_MS;
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

async function inParallel<T>(count: number, parallel: number, run: (i: number) => Promise<T>) {
  const results: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) results.push(await run(next++));
    }),
  );
  return results;
}

/**
 * Issue 5: from the end of the utterance (its last frame sent) to the first speech byte back,
 * for replies of about 20, 60 and 120 words, against the sequential pipeline in the same run.
 */
export async function benchVoicePipeline(): Promise<BenchRow[]> {
  const audio = encodeWav(
    new Int16Array(16_000 * 2).map((_, i) => Math.round(2000 * Math.sin(i / 9))),
  );
  const rows: BenchRow[] = [];
  const oursP50: Record<number, number> = {};
  for (const words of [20, 60, 120]) {
    const reply = replyOfWords(words);
    const stub = await spawnStub({
      reply,
      transcription: 'What worries you most about the treatment?',
      transcriptionDelayMs: STT_MS,
      firstTokenDelayMs: FIRST_TOKEN_MS,
      tokenDelayMs: TOKEN_MS,
      speechBytes: 8_000,
      speechChunks: SPEECH_CHUNKS,
      speechFirstByteDelayMs: TTS_FIRST_BYTE_MS,
    });
    const bench = await startBenchServer(stub.url);
    const direct = new OpenAI({ apiKey: 'sk-bench', baseURL: stub.url, maxRetries: 0 });
    const sockets: TestSocket[] = [];
    for (let i = 0; i < PARALLEL; i++) {
      const scenarioId = bench.scenarioIds[i % bench.scenarioIds.length];
      const created = await bench.user.post('/api/conversations', { scenarioId });
      const socket = await TestSocket.open(bench.server.url, created.body.session.id, {
        cookie: bench.user.cookie,
      });
      await socket.next('history');
      sockets.push(socket);
    }
    const sum = componentSum(reply);
    const ours = await inParallel(TURNS, PARALLEL, async (i) => {
      const socket = sockets[i % PARALLEL]!;
      const from = socket.frames.length;
      const clientId = randomUUID();
      socket.ws.send(
        JSON.stringify({
          type: 'audio',
          clientId,
          format: 'wav',
          purpose: 'turn',
          bytes: audio.length,
          stream: true,
          speak: true,
        }),
      );
      const started = await new Promise<number>((resolve) =>
        socket.ws.send(audio, { binary: true }, () => resolve(performance.now())),
      );
      await socket.next('speech', (f) => f.bytes > 0, from);
      const elapsed = performance.now() - started;
      await socket.next('speech_done', () => true, from);
      return elapsed;
    });
    const sequential = await inParallel(BASELINE_TURNS, 1, () => sequentialTurn(direct, audio));
    await Promise.all(sockets.map((socket) => socket.close()));
    await bench.close();
    stub.stop();
    const overheads = ours.map((t) => t - sum);
    oursP50[words] = percentile(ours, 50);
    const speedup = percentile(sequential, 50) / percentile(ours, 50);
    rows.push(
      {
        name: `voice ${words}w: first audio p50 / p95 (${TURNS} turns)`,
        value: percentile(ours, 50),
        unit: `ms / ${percentile(ours, 95).toFixed(0)} ms`,
      },
      { name: `voice ${words}w: component sum`, value: sum, unit: 'ms' },
      {
        name: `voice ${words}w: our overhead p95`,
        value: percentile(overheads, 95),
        unit: 'ms',
        target: '≤ 50 ms',
        ok: percentile(overheads, 95) <= 50,
      },
      {
        name: `voice ${words}w: sequential pipeline p50 (${BASELINE_TURNS} turns)`,
        value: percentile(sequential, 50),
        unit: 'ms',
      },
      {
        name: `voice ${words}w: speed-up vs sequential`,
        value: speedup,
        unit: '×',
        ...(words === 60 ? { target: '≥ 2.5×', ok: speedup >= 2.5 } : {}),
      },
    );
  }
  const growth = oursP50[120]! - oursP50[20]!;
  rows.push({
    name: 'voice first audio growth 20w → 120w (p50)',
    value: growth,
    unit: 'ms',
    target: 'flat (≤ 50 ms)',
    ok: growth <= 50,
  });

  return rows;
}
