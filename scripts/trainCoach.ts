/**
 * `npm run train:coach`: rebuilds the coach model from training/coach/*.jsonl and writes
 * server/ai/offline/model/coachWeights.json, then prints each label's figures on lines held out
 * by conversation, beside the old phrase rules on the same lines. Deterministic: the same data
 * gives the same file, byte for byte.
 */
import { writeFileSync } from 'node:fs';
import { SHIPPED_WEIGHTS, serialiseWeights } from '../server/ai/offline/model/coachModel';
import { formatSources } from '../server/ai/offline/model/figures';
import { buildCoachWeights } from '../server/ai/offline/model/build';
import { readTrainingTurns } from '../server/ai/offline/model/trainingData';

const started = performance.now();
const turns = readTrainingTurns();
const conversations = new Set(turns.map((turn) => turn.conversation)).size;
const { weights, heldOut, lines } = buildCoachWeights(turns);
const json = serialiseWeights(weights);
writeFileSync(SHIPPED_WEIGHTS, json);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(
  `Trained on ${turns.length} turns (${lines} lines) from ${conversations} conversations in ${seconds} s.`,
);
console.log(
  `Wrote ${SHIPPED_WEIGHTS} (${(json.length / 1024).toFixed(0)} KiB, ${Object.keys(weights.features).length} features).`,
);
console.log(
  formatSources(
    'Held out by conversation (5 folds; the threshold is chosen on the same folds):',
    heldOut,
  ),
);
