import { SCORE_KEYS, type FeedbackScores, type ScoreKey } from './feedback';
import { formatScore } from './format';

/** "Try another answer": a branch's scores beside its original's (decision 018), as pure rules. */

export interface ScoreComparisonRow {
  key: ScoreKey;
  original: number;
  branch: number;
  /** branch − original, to one decimal. */
  change: number;
  /** "+2", "−1.5" (a true minus sign) or "0": how the change reads in the table. */
  changeText: string;
  direction: 'up' | 'down' | 'same';
}

function roundToTenth(value: number): number {
  return Math.round(value * 10) / 10;
}

export function formatScoreChange(change: number): string {
  const rounded = roundToTenth(change);
  if (rounded === 0) return '0';
  const size = formatScore(Math.abs(rounded));
  return `${rounded > 0 ? '+' : '\u2212'}${size}`;
}

/** One row per score, in the report's order. */
export function compareScores(
  original: FeedbackScores,
  branch: FeedbackScores,
): ScoreComparisonRow[] {
  return SCORE_KEYS.map((key) => {
    const change = roundToTenth(branch[key] - original[key]);
    return {
      key,
      original: original[key],
      branch: branch[key],
      change,
      changeText: formatScoreChange(change),
      direction: change > 0 ? 'up' : change < 0 ? 'down' : 'same',
    };
  });
}
