import { describe, expect, it } from 'vitest';
import { compareScores, formatScoreChange } from '#shared/branches';
import type { FeedbackScores } from '#shared/feedback';

describe('formatScoreChange', () => {
  it.each([
    [2, '+2'],
    [-1, '\u22121'],
    [0, '0'],
    [1.5, '+1.5'],
    [-0.26, '\u22120.3'],
    [0.04, '0'],
    [-0.04, '0'],
  ])('%d reads %s', (change, text) => {
    expect(formatScoreChange(change)).toBe(text);
  });
});

describe('compareScores', () => {
  const original: FeedbackScores = {
    overallScore: 5,
    empathyScore: 4,
    clarityScore: 7,
    persuasionScore: 6,
    objectionHandlingScore: 5.5,
  };
  const branch: FeedbackScores = {
    overallScore: 7,
    empathyScore: 8,
    clarityScore: 7,
    persuasionScore: 5,
    objectionHandlingScore: 6,
  };

  it('gives one row per score in the report order, with the change and its direction', () => {
    expect(
      compareScores(original, branch).map((r) => [
        r.key,
        r.original,
        r.branch,
        r.changeText,
        r.direction,
      ]),
    ).toEqual([
      ['overallScore', 5, 7, '+2', 'up'],
      ['empathyScore', 4, 8, '+4', 'up'],
      ['clarityScore', 7, 7, '0', 'same'],
      ['persuasionScore', 6, 5, '\u22121', 'down'],
      ['objectionHandlingScore', 5.5, 6, '+0.5', 'up'],
    ]);
  });

  it('is the mirror image when the sides swap', () => {
    const there = compareScores(original, branch).map((r) => r.change);
    const back = compareScores(branch, original).map((r) => r.change);
    expect(back).toEqual(there.map((c) => (c === 0 ? 0 : -c)));
  });
});
