import { hashText } from '../textTools';
import { featuresOf } from './features';
import { sigmoid } from './sigmoid';
import type { SegmenterWeights } from './segmenter';
import { figuresOf } from './figures';
import type { LabelFigures } from './figures';

/**
 * Trains the coach model: one logistic regression per label over the features of
 * features.ts, fitted with AdaGrad in a fixed order from a fixed seed, so the same data always
 * gives the same weights (a test holds the shipped file to that).
 *
 * Each label's decision threshold is the one that gives the best F1 on out-of-fold
 * predictions, folds being whole conversations: a line is never judged by a model that saw
 * another line of its conversation.
 */

export interface TrainingLine {
  /** Lines of one conversation stay together in every split. */
  conversation: string;
  text: string;
  previous: string;
  labels: readonly string[];
}

/**
 * Who decides a label at run time: the model, the phrase rules (where they beat the model on
 * held-out lines), or either of them (where the union beats both).
 */
export type LabelSource = 'model' | 'rules' | 'either';

export interface CoachWeights {
  version: 1;
  /** The clause segmenter for dictated turns (segmenter.ts), trained beside the model. */
  segmenter?: SegmenterWeights;
  labels: string[];
  thresholds: number[];
  sources: LabelSource[];
  bias: number[];
  /** Feature name -> flat [labelIndex, weight, labelIndex, weight, ...]; [] when all round to 0. */
  features: Record<string, number[]>;
}

export interface TrainOptions {
  epochs: number;
  learningRate: number;
  l2: number;
  /** A feature must occur in at least this many lines to be kept. */
  minCount: number;
  folds: number;
  seed: number;
}

export const TRAIN_OPTIONS: TrainOptions = {
  epochs: 12,
  learningRate: 0.5,
  l2: 1e-3,
  minCount: 5,
  folds: 5,
  seed: 20261127,
};

/** F1 within this of another counts as a tie when choosing a label's source. */
const TIE = 0.02;

const RECALL_FIRST: ReadonlySet<string> = new Set(['pressure', 'dismissal']);

/**
 * Candidate decision thresholds. None below 0.25: on a rare act the best held-out F1 can sit
 * at 0.1, where the model calls a plain finding "pressure" one time in six, and a coach that
 * accuses wrongly is worse than one that misses.
 */
const THRESHOLDS = Array.from({ length: 14 }, (_, i) => 0.25 + i * 0.05);

function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled(count: number, random: () => number): Uint32Array {
  const order = new Uint32Array(count);
  for (let i = 0; i < count; i++) order[i] = i;
  for (let i = count - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const swap = order[i] ?? 0;
    order[i] = order[j] ?? 0;
    order[j] = swap;
  }
  return order;
}

interface Encoded {
  features: Uint32Array;
  /** Each feature's value (see featureValues). */
  values: Float64Array;
  targets: Uint8Array;
}

/**
 * Every feature of a line shares a unit length (1/sqrt of their count), so a long line does
 * not score higher for being long. Tried and dropped: keeping the rule signals at 1 (held-out
 * F1 up by 0.005, but a misfiring rule then outvoted the words, "your last dental work" read
 * as a question about the job).
 */
export function featureValues(names: readonly string[]): Float64Array {
  const unit = 1 / Math.sqrt(names.length || 1);
  return Float64Array.from(names, () => unit);
}

interface Fitted {
  weights: Float64Array;
  bias: Float64Array;
}

function fit(
  data: readonly Encoded[],
  featureCount: number,
  labelCount: number,
  options: TrainOptions,
): Fitted {
  const weights = new Float64Array(featureCount * labelCount);
  const bias = new Float64Array(labelCount);
  const squares = new Float64Array(featureCount * labelCount);
  const biasSquares = new Float64Array(labelCount);
  const random = mulberry32(options.seed);
  const gradients = new Float64Array(labelCount);
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    const order = shuffled(data.length, random);
    for (const index of order) {
      const item = data[index];
      if (item === undefined) continue;
      const value = 1 / Math.sqrt(item.features.length || 1);
      for (let label = 0; label < labelCount; label++) {
        let z = bias[label] ?? 0;
        for (const feature of item.features)
          z += (weights[feature * labelCount + label] ?? 0) * value;
        gradients[label] = sigmoid(z) - (item.targets[label] ?? 0);
      }
      for (let label = 0; label < labelCount; label++) {
        const g = gradients[label] ?? 0;
        biasSquares[label] = (biasSquares[label] ?? 0) + g * g;
        bias[label] =
          (bias[label] ?? 0) -
          (options.learningRate * g) / Math.sqrt((biasSquares[label] ?? 0) + 1e-8);
      }
      for (const [k, feature] of item.features.entries()) {
        const base = feature * labelCount;
        const value = item.values[k] ?? 0;
        for (let label = 0; label < labelCount; label++) {
          const slot = base + label;
          const w = weights[slot] ?? 0;
          const g = (gradients[label] ?? 0) * value + options.l2 * w;
          squares[slot] = (squares[slot] ?? 0) + g * g;
          weights[slot] = w - (options.learningRate * g) / Math.sqrt((squares[slot] ?? 0) + 1e-8);
        }
      }
    }
  }
  return { weights, bias };
}

function probabilities(item: Encoded, model: Fitted, labelCount: number): Float64Array {
  const out = new Float64Array(labelCount);
  const value = 1 / Math.sqrt(item.features.length || 1);
  for (let label = 0; label < labelCount; label++) {
    let z = model.bias[label] ?? 0;
    for (const feature of item.features)
      z += (model.weights[feature * labelCount + label] ?? 0) * value;
    out[label] = sigmoid(z);
  }
  return out;
}

const round = (value: number): number => Math.round(value * 1e4) / 1e4;

export interface HeldOutComparison {
  model: LabelFigures;
  rules: LabelFigures;
  either: LabelFigures;
  source: LabelSource;
}

/**
 * `ruleLabels[i]` is what the phrase rules find in `lines[i]`: the rules were never fitted to
 * these lines, so for them every line is held out.
 */
export function trainCoachModel(
  lines: readonly TrainingLine[],
  labels: readonly string[],
  ruleLabels: readonly (readonly string[])[],
  options: TrainOptions = TRAIN_OPTIONS,
): { weights: CoachWeights; heldOut: HeldOutComparison[] } {
  const featureLists = lines.map((line) => featuresOf(line.text, line.previous));
  const counts = new Map<string, number>();
  for (const list of featureLists) for (const f of list) counts.set(f, (counts.get(f) ?? 0) + 1);
  const vocabulary = [...counts.entries()]
    .filter(([, count]) => count >= options.minCount)
    .map(([name]) => name)
    .sort();
  const index = new Map(vocabulary.map((name, i) => [name, i]));
  const data: Encoded[] = lines.map((line, i) => {
    const known = (featureLists[i] ?? []).filter((f) => index.has(f)).sort();
    return {
      features: Uint32Array.from(known, (f) => index.get(f) ?? 0),
      values: featureValues(known),
      targets: Uint8Array.from(labels.map((label) => (line.labels.includes(label) ? 1 : 0))),
    };
  });

  // Out-of-fold probabilities, folds by conversation.
  const fold = lines.map((line) => hashText(line.conversation) % options.folds);
  const outOfFold: Float64Array[] = new Array<Float64Array>(lines.length);
  for (let k = 0; k < options.folds; k++) {
    const model = fit(
      data.filter((_, i) => fold[i] !== k),
      vocabulary.length,
      labels.length,
      options,
    );
    data.forEach((item, i) => {
      if (fold[i] === k) outOfFold[i] = probabilities(item, model, labels.length);
    });
  }
  const thresholds: number[] = [];
  const heldOut: HeldOutComparison[] = [];
  labels.forEach((label, l) => {
    const actual = data.map((item) => item.targets[l] === 1);
    let best = figuresOf(
      label,
      actual.map(() => false),
      actual,
    );
    let bestThreshold = 0.5;
    for (const threshold of THRESHOLDS) {
      const figures = figuresOf(
        label,
        outOfFold.map((p) => (p[l] ?? 0) >= threshold),
        actual,
      );
      if (figures.f1 > best.f1 + 1e-12) {
        best = figures;
        bestThreshold = threshold;
      }
    }
    thresholds.push(round(bestThreshold));
    const byModel = outOfFold.map((p) => (p[l] ?? 0) >= bestThreshold);
    const byRules = lines.map((_, i) => ruleLabels[i]?.includes(label) === true);
    const rules = figuresOf(label, byRules, actual);
    const either = figuresOf(
      label,
      byModel.map((p, i) => p || byRules[i] === true),
      actual,
    );
    // Near a tie, the union wins: it finds more for the same F1. Pressure and dismissal take
    // the union whatever the F1: a pushy or dismissive line the patient fails to notice
    // (and agrees under) costs far more than one noticed in error.
    const rulesSpeak = byRules.some(Boolean);
    const source: LabelSource = !rulesSpeak
      ? 'model'
      : RECALL_FIRST.has(label)
        ? 'either'
        : rules.f1 > best.f1 + TIE && rules.f1 > either.f1 + TIE
          ? 'rules'
          : either.f1 >= best.f1 - TIE
            ? 'either'
            : 'model';
    heldOut.push({ model: best, rules, either, source });
  });

  const model = fit(data, vocabulary.length, labels.length, options);
  const features: Record<string, number[]> = {};
  vocabulary.forEach((name, f) => {
    const pairs: number[] = [];
    labels.forEach((_, l) => {
      const w = round(model.weights[f * labels.length + l] ?? 0);
      if (w !== 0) pairs.push(l, w);
    });
    features[name] = pairs;
  });
  return {
    weights: {
      version: 1,
      labels: [...labels],
      thresholds,
      sources: heldOut.map((row) => row.source),
      bias: [...model.bias].map(round),
      features,
    },
    heldOut,
  };
}
