import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ConversationTopic } from '../../../scenarios/schema';
import { featuresOf } from './features';
import { COACH_ACTS, isCoachAct, isCoachTopic } from './labels';
import type { CoachAct } from './labels';
import { ruleSignals } from '../phraseRules';
import { ruleLabelsOf } from './ruleLabels';
import { segmentClauses } from './segmenter';
import { sigmoid } from './sigmoid';
import { featureValues } from './train';
import type { CoachWeights } from './train';

/**
 * The coach model at run time: the weights `npm run train:coach` wrote, read once, and a
 * reading of one clinician line (its acts, and its topics ranked by confidence).
 */

export const SHIPPED_WEIGHTS = fileURLToPath(new URL('./coachWeights.json', import.meta.url));

export interface LineReading {
  acts: CoachAct[];
  /** The topics the line is about, most confident first. */
  topics: ConversationTopic[];
  /** Each label's probability, for ranking and for tests. */
  scores: ReadonlyMap<string, number>;
}

export interface CoachModel {
  /** The coach's reading: the model, with the phrase rules for the labels where they beat it. */
  read(text: string, previous?: string): LineReading;
  /** The model alone, for comparison. */
  readAlone(text: string, previous?: string): LineReading;
  /** The clauses of a dictated (unpunctuated) span, as verbatim slices of it. */
  clauses(text: string): string[];
}

/** The shipped file's exact text for some weights: one line of JSON. */
export function serialiseWeights(weights: CoachWeights): string {
  return `${JSON.stringify(weights)}\n`;
}

export function coachModelFrom(weights: CoachWeights): CoachModel {
  const features = new Map(Object.entries(weights.features));
  const { labels, thresholds, bias, sources } = weights;
  // A hand-edited or truncated file fails here, at load, not as odd replies later.
  if ([thresholds, bias, sources].some((list) => list.length !== labels.length))
    throw new Error('coach weights: labels, thresholds, bias and sources differ in length');
  const usesRules = sources.some((source) => source !== 'model');
  const reading = (text: string, previous: string, withRules: boolean): LineReading => {
    // The rules run once a line: their signals are features, and their labels for the union.
    const signals = ruleSignals(text, previous);
    const known = featuresOf(text, previous, signals).filter((name) => features.has(name));
    const values = featureValues(known);
    const z = Float64Array.from(bias);
    known.forEach((name, k) => {
      const pairs = features.get(name) ?? [];
      for (let i = 0; i < pairs.length; i += 2) {
        const label = pairs[i] ?? 0;
        z[label] = (z[label] ?? 0) + (pairs[i + 1] ?? 0) * (values[k] ?? 0);
      }
    });
    const ruled = withRules && usesRules ? ruleLabelsOf(signals) : [];
    const scores = new Map<string, number>();
    const acts: CoachAct[] = [];
    const topics: Array<[ConversationTopic, number]> = [];
    labels.forEach((label, l) => {
      const score = sigmoid(z[l] ?? 0);
      scores.set(label, score);
      const source = withRules ? (sources[l] ?? 'model') : 'model';
      const byModel = score >= (thresholds[l] ?? 0.5);
      const byRules = source !== 'model' && ruled.includes(label);
      const found =
        source === 'model' ? byModel : source === 'rules' ? byRules : byModel || byRules;
      if (!found) return;
      if (isCoachAct(label)) acts.push(label);
      else if (isCoachTopic(label)) topics.push([label, score]);
    });
    acts.sort((a, b) => COACH_ACTS.indexOf(a) - COACH_ACTS.indexOf(b));
    // Most confident first: the topic the line asks about, then the model's score.
    const asked = (topic: string) => scores.get(`asked:${topic}`) ?? 0;
    topics.sort((a, b) => asked(b[0]) - asked(a[0]) || b[1] - a[1]);
    return { acts, topics: topics.map(([topic]) => topic), scores };
  };
  return {
    read: (text, previous = '') => reading(text, previous, true),
    readAlone: (text, previous = '') => reading(text, previous, false),
    clauses: (text) =>
      weights.segmenter === undefined ? [text] : segmentClauses(weights.segmenter, text),
  };
}

export function readWeights(path = SHIPPED_WEIGHTS): CoachWeights {
  return JSON.parse(readFileSync(path, 'utf8')) as CoachWeights;
}

let shipped: CoachModel | null = null;

/** The shipped model, loaded on first use (a few hundred milliseconds at most; see the bench). */
export function coachModel(): CoachModel {
  shipped ??= coachModelFrom(readWeights());
  return shipped;
}
