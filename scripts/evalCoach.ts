/**
 * `npm run eval:coach -- <aci-bench checkout>`: the coach model and the old phrase rules on an
 * outside source nobody here wrote and nothing was trained or tuned on: the doctor turns of
 * ACI-BENCH's test1 "aci" visits (CC BY 4.0), labelled by two coders working apart
 * (evaluation/coach/). Prints, per act against coder A: coder B, the coach as shipped (the
 * model, with the rules for the labels where they beat it), the model alone, and the old
 * phrase rules alone. The corpus itself is not in this repository: pass the
 * path of a checkout of github.com/wyim/aci-bench (or its data/src_experiment_data folder).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { coachModel } from '../server/ai/offline/model/coachModel';
import { COACH_ACTS } from '../server/ai/offline/model/labels';
import { figuresOf, formatComparison } from '../server/ai/offline/model/figures';
import {
  externalTurns,
  turnActsByModel,
  turnActsByRules,
} from '../server/ai/offline/model/baselines';

const root = process.argv[2];
if (root === undefined) {
  console.error('usage: npm run eval:coach -- <path to an aci-bench checkout>');
  process.exit(2);
}
const csv = [
  join(root, 'data/src_experiment_data/test1_aci_asrcorr.csv'),
  join(root, 'test1_aci_asrcorr.csv'),
].find(existsSync);
if (csv === undefined) {
  console.error(`no test1_aci_asrcorr.csv under ${root}`);
  process.exit(2);
}
const labelsOf = (file: string): Map<string, string[]> =>
  new Map(
    readFileSync(join('evaluation/coach', file), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: string; acts: string[] })
      .map((row) => [row.id, row.acts]),
  );
const coderA = labelsOf('aci-bench-test1.coder-a.jsonl');
const coderB = labelsOf('aci-bench-test1.coder-b.jsonl');
const turns = externalTurns(readFileSync(csv, 'utf8')).filter((turn) => coderA.has(turn.id));

const loadStart = performance.now();
const model = coachModel();
const loadMs = performance.now() - loadStart;
const classifyStart = performance.now();
const byShipped = turns.map((turn) => turnActsByModel(model, turn));
const classifyMs = (performance.now() - classifyStart) / turns.length;
const byModel = turns.map((turn) => turnActsByModel(model, turn, 'model alone'));
const byRules = turns.map((turn) => turnActsByRules(turn));

// Every act, and after the questions both kinds of reflection taken together.
const ACTS = [...COACH_ACTS.slice(0, 2), 'reflection', ...COACH_ACTS.slice(2)];
const has = (acts: readonly string[], act: string): boolean =>
  act === 'reflection' ? acts.some((a) => a.endsWith('_reflection')) : acts.includes(act);
const gold = turns.map((turn) => coderA.get(turn.id) ?? []);
const second = turns.map((turn) => coderB.get(turn.id) ?? []);
const figures = (act: string, predicted: readonly (readonly string[])[]) =>
  figuresOf(
    act,
    predicted.map((acts) => has(acts, act)),
    gold.map((acts) => has(acts, act)),
  );
const rows = ACTS.map((act) => ({
  act,
  coders: figures(act, second),
  shipped: figures(act, byShipped),
  model: figures(act, byModel),
  rules: figures(act, byRules),
}));
console.log(
  `ACI-BENCH test1 (aci, human-corrected ASR): ${turns.length} doctor turns in ${new Set(turns.map((t) => t.id.split('#')[0])).size} visits.`,
);
console.log(formatComparison(rows));
console.log(
  `Model load ${loadMs.toFixed(0)} ms; classify ${classifyMs.toFixed(2)} ms per turn (mean, one core).`,
);
