import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { understandTurn } from '#server/ai/offline/clinicianTurn';
import { coachModelFrom, readWeights } from '#server/ai/offline/model/coachModel';
import { ruleLabelsOfLine } from '#server/ai/offline/model/ruleLabels';
import { readTrainingTurns } from '#server/ai/offline/model/trainingData';
import { percentile, type BenchRow } from './report';

/**
 * Issue 26: the coach model loads in well under a second and reads a turn in a few
 * milliseconds on one core. Load is timed in fresh processes (nothing warm, nothing cached);
 * a turn is every training turn read whole, as the offline patient reads it, beside the old
 * phrase rules alone on the same turns in the same run.
 */
const LOAD_RUNS = 5;
const LOAD_TARGET_MS = 300;
const TURN_TARGET_MS = 3;

function loadOnce(): number {
  const script = `
    const started = performance.now();
    const { coachModel } = await import('./server/ai/offline/model/coachModel.ts');
    coachModel().read('warm up');
    console.log(performance.now() - started);`;
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script],
    {
      encoding: 'utf8',
    },
  );
  if (run.status !== 0) throw new Error(`loading the model failed: ${run.stderr}`);
  return Number(run.stdout.trim().split('\n').at(-1));
}

function timed(
  turns: readonly { text: string; previous: string }[],
  read: (t: string, p: string) => unknown,
) {
  const times: number[] = [];
  for (const turn of turns) {
    const started = performance.now();
    read(turn.text, turn.previous);
    times.push(performance.now() - started);
  }
  return times;
}

export async function benchCoach(): Promise<BenchRow[]> {
  const loads = Array.from({ length: LOAD_RUNS }, loadOnce);
  const parseStarted = performance.now();
  coachModelFrom(readWeights());
  const parseMs = performance.now() - parseStarted;
  const turns = readTrainingTurns().map((turn) => ({
    text: turn.sentences.map((s) => s.text).join(' '),
    previous: turn.previous,
  }));
  // Warm both paths once so the figures are steady-state, as on a running server.
  timed(turns.slice(0, 50), (t, p) => understandTurn(t, p));
  timed(turns.slice(0, 50), (t, p) => ruleLabelsOfLine(t, p));
  const model = timed(turns, (t, p) => understandTurn(t, p));
  const rules = timed(turns, (t, p) => ruleLabelsOfLine(t, p));
  const loadP50 = percentile(loads, 50);
  const turnP99 = percentile(model, 99);
  return [
    {
      name: `model load in a fresh process, median of ${LOAD_RUNS} (import, read, parse, first turn)`,
      value: loadP50,
      unit: 'ms',
      target: `≤ ${LOAD_TARGET_MS} ms`,
      ok: loadP50 <= LOAD_TARGET_MS,
    },
    { name: 'weights parsed into the model (warm process)', value: parseMs, unit: 'ms' },
    {
      name: `a turn read by the coach, p50 (${turns.length} turns)`,
      value: percentile(model, 50),
      unit: 'ms',
    },
    {
      name: 'a turn read by the coach, p99',
      value: turnP99,
      unit: 'ms',
      target: `≤ ${TURN_TARGET_MS} ms`,
      ok: turnP99 <= TURN_TARGET_MS,
    },
    { name: 'baseline: the phrase rules alone, p50', value: percentile(rules, 50), unit: 'ms' },
    { name: 'baseline: the phrase rules alone, p99', value: percentile(rules, 99), unit: 'ms' },
  ];
}
