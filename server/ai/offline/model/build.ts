import { COACH_LABELS } from './labels';
import { ruleLabelsOfLine } from './ruleLabels';
import { trainSegmenter } from './segmenter';
import { trainCoachModel } from './train';
import type { CoachWeights, HeldOutComparison } from './train';
import { trainingLinesOf } from './trainingData';
import type { TrainingTurn } from './trainingData';

/**
 * Everything `npm run train:coach` makes from the labelled turns, in one place so the script
 * and the test that checks the shipped file build it the same way: the model of acts and
 * topics, and the clause segmenter for dictated turns.
 */
export function buildCoachWeights(turns: readonly TrainingTurn[]): {
  weights: CoachWeights;
  heldOut: HeldOutComparison[];
  lines: number;
} {
  const lines = trainingLinesOf(turns);
  const rules = lines.map((line) => ruleLabelsOfLine(line.text, line.previous));
  const { weights, heldOut } = trainCoachModel(lines, COACH_LABELS, rules);
  const segmenter = trainSegmenter(turns.map((turn) => turn.sentences.map((s) => s.text)));
  return { weights: { ...weights, segmenter }, heldOut, lines: lines.length };
}
