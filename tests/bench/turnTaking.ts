import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as ort from 'onnxruntime-web';
import { Silero } from '@ricky0123/vad-web/dist/models';
import { SILERO_FRAME_SAMPLES } from '#client/lib/audio/detection/frameDetector';
import { SPOKEN_TURNS, type SpokenTurn } from '../fixtures/spokenTurns';
import { percentile, type BenchRow } from './report';
import { spokenAudio, type SpokenAudio } from './turnTaking/spokenAudio';
import {
  simulateTurn,
  type PipelineTimes,
  type Policy,
  type TranscriberModel,
  type TurnOutcome,
} from './turnTaking/simulateTurn';
import {
  componentSum,
  FIRST_TOKEN_MS,
  replyOfWords,
  STREAM_FINAL_MS,
  streamingFirstAudio,
} from './voicePipeline';

/**
 * Issue 24: the end of a spoken turn, on recorded speech. Each clinician turn of
 * tests/fixtures/spokenTurns.ts is spoken by espeak-ng, with pauses inside and between
 * sentences; Silero hears it frame by frame (onnxruntime's wasm build, as in the browser) and
 * the client's detector (frameDetector.ts) turns that into pauses and ends of speech. The rest
 * of the pipeline is modelled in audio time with the stub's latencies, and the server's own
 * overhead is measured live in the same run. Today's rule (the silence alone, and an early reply
 * on lagging partials) and the words rule (a settled question ends the turn; the reply starts
 * on the words settled at a pause) hear the same audio.
 */

const REPLY_WORDS = 60;

async function loadSilero() {
  ort.env.wasm.numThreads = 1;
  ort.env.logLevel = 'error';
  const require = createRequire(import.meta.url);
  const modelPath = require.resolve('@ricky0123/vad-web/dist/silero_vad_v5.onnx');
  // vad-web's model code is written against the onnxruntime-web it bundles; this is the same one.
  return Silero.new(ort as never, async () => readFileSync(modelPath).buffer as ArrayBuffer);
}

/** Silero's speech probability for every frame of the audio, its state carried through. */
async function probabilitiesOf(
  model: Awaited<ReturnType<typeof loadSilero>>,
  audio: SpokenAudio,
): Promise<number[]> {
  model.reset_state();
  const out: number[] = [];
  for (let at = 0; at + SILERO_FRAME_SAMPLES <= audio.samples.length; at += SILERO_FRAME_SAMPLES) {
    const frame = audio.samples.slice(at, at + SILERO_FRAME_SAMPLES);
    out.push((await model.process(frame)).isSpeech);
  }
  return out;
}

interface Heard {
  turn: SpokenTurn;
  audio: SpokenAudio;
  probabilities: number[];
}

async function hear(model: Awaited<ReturnType<typeof loadSilero>>, turns: SpokenTurn[]) {
  const heard: Heard[] = [];
  for (const turn of turns) {
    const audio = spokenAudio(turn);
    heard.push({ turn, audio, probabilities: await probabilitiesOf(model, audio) });
  }
  return heard;
}

async function outcomes(
  heard: Heard[],
  policy: Policy,
  model: TranscriberModel,
  times: PipelineTimes,
): Promise<Array<TurnOutcome & { turn: SpokenTurn }>> {
  const out: Array<TurnOutcome & { turn: SpokenTurn }> = [];
  for (const { turn, audio, probabilities } of heard) {
    out.push({ turn, ...(await simulateTurn({ audio, probabilities, policy, model, times })) });
  }
  return out;
}

const figures = (values: Array<number | null>) => values.filter((v): v is number => v !== null);

function rowsFor(
  label: string,
  results: Array<TurnOutcome & { turn: SpokenTurn }>,
  today: Array<TurnOutcome & { turn: SpokenTurn }> | null,
): BenchRow[] {
  const rows: BenchRow[] = [];
  const paused = results.filter((r) => r.turn.kind !== 'none');
  const whole = results.filter((r) => r.turn.kind === 'none');
  for (const [set, name] of [
    [whole, 'no pause inside'],
    [paused, 'pauses inside'],
  ] as const) {
    const waits = figures(set.map((r) => r.endOfSpeechWaitMs));
    const own = figures(set.map((r) => r.ownShareMs));
    rows.push(
      {
        name: `${label}, ${name}: end-of-speech wait p50 / p95 (${waits.length} turns answered whole)`,
        value: percentile(waits, 50),
        unit: `ms / ${percentile(waits, 95).toFixed(0)} ms`,
      },
      {
        name: `${label}, ${name}: pipeline's own share p50 / p95`,
        value: percentile(own, 50),
        unit: `ms / ${percentile(own, 95).toFixed(0)} ms`,
      },
    );
  }
  const own = figures(results.map((r) => r.ownShareMs));
  const cutMid = (list: typeof results) => list.filter((r) => r.cut === 'mid_sentence').length;
  const splits = results.filter((r) => r.cut === 'between_sentences').length;
  const inSentence = results.filter((r) => r.turn.kind.startsWith('mid')).length;
  const made = results.reduce((sum, r) => sum + r.earlyMade, 0);
  const claimed = results.filter((r) => r.earlyClaimed).length;
  rows.push(
    {
      name: `${label}: pipeline's own share p50, every turn answered whole`,
      value: percentile(own, 50),
      unit: 'ms',
      ...(today ? { target: '≤ 400 ms', ok: percentile(own, 50) <= 400 } : {}),
    },
    {
      name: `${label}: turns cut off mid-sentence (of ${inSentence} with a pause inside a sentence)`,
      value: cutMid(results),
      unit: '',
      ...(today
        ? { target: `≤ today's ${cutMid(today)}`, ok: cutMid(results) <= cutMid(today) }
        : {}),
    },
    {
      name: `${label}: turns answered between two of their sentences (of ${results.filter((r) => r.turn.kind === 'between').length})`,
      value: splits,
      unit: '',
    },
    {
      name: `${label}: early replies claimed / made`,
      value: made === 0 ? 0 : claimed / made,
      unit: `(${claimed} of ${made})`,
    },
  );
  const missed = results.filter((r) => r.missed).length;
  if (missed > 0)
    rows.push({ name: `${label}: turns the detector never heard`, value: missed, unit: '' });
  return rows;
}

export async function benchTurnTaking(): Promise<BenchRow[]> {
  // The server's own work from the words to the first sound, with the reply started early.
  const reply = replyOfWords(REPLY_WORDS);
  const live = await streamingFirstAudio(REPLY_WORDS, 20);
  const components = componentSum(reply);
  const overheadMs = Math.max(0, percentile(live, 50) - components);
  const times: PipelineTimes = {
    settleMs: STREAM_FINAL_MS,
    finalMs: STREAM_FINAL_MS,
    endOfTurnWaitMs: 700,
    componentsMs: components,
    overheadMs,
  };
  const model = await loadSilero();
  const rows: BenchRow[] = [
    {
      name: `server overhead, words to first sound p50 (live, ${live.length} turns; components ${components} ms incl. ${FIRST_TOKEN_MS} ms first token)`,
      value: overheadMs,
      unit: 'ms',
    },
  ];
  for (const [set, turns] of [
    ['held-out', SPOKEN_TURNS.heldOut],
    ['tuning', SPOKEN_TURNS.tuning],
  ] as const) {
    const heard = await hear(model, turns);
    for (const transcriber of ['punctuated', 'bare'] as const) {
      const today = await outcomes(heard, 'today', transcriber, times);
      const words = await outcomes(heard, 'words', transcriber, times);
      const at = `${set}, ${transcriber} fragments`;
      rows.push(...rowsFor(`${at}, today`, today, null), ...rowsFor(`${at}, words`, words, today));
    }
  }
  await model.release();
  return rows;
}
