import { describe, expect, it } from 'vitest';
import {
  countedOverall,
  countedScores,
  graderScores,
  type ReviewScores,
  type ScoreSet,
} from '#shared/countedScore';

/** Decision 043: which score counts, overall and per skill. */

const AI: ScoreSet = { overall: 4, empathy: 5, clarity: 6, persuasion: 7, objection: 3 };
const review = (overall: number, skills: ReviewScores['skills'] = {}, counts = true) => ({
  overall,
  skills,
  counts,
});

describe('countedScores: the lowest counting trainer score, else the grader', () => {
  it.each<
    [string, ScoreSet | null, ReviewScores[], Partial<Record<keyof ScoreSet, number | null>>]
  >([
    ['no review: the grader everywhere', AI, [], { overall: 4, empathy: 5, objection: 3 }],
    [
      'an overall override leaves the skills to the grader',
      AI,
      [review(9)],
      { overall: 9, empathy: 5, clarity: 6 },
    ],
    [
      'a skill override replaces that skill only',
      AI,
      [review(9, { empathy: 8 })],
      { overall: 9, empathy: 8, clarity: 6, objection: 3 },
    ],
    [
      'a trainer may score below the grader',
      AI,
      [review(2, { objection: 1 })],
      { overall: 2, objection: 1 },
    ],
    [
      'two counting reviews: the lower, per score',
      AI,
      [review(9, { empathy: 3 }), review(6, { empathy: 8, clarity: 10 })],
      { overall: 6, empathy: 3, clarity: 10, persuasion: 7 },
    ],
    [
      'a review that does not count is not the counted score (decision 026)',
      AI,
      [review(1, { empathy: 1 }, false)],
      { overall: 4, empathy: 5 },
    ],
    [
      'a non-counting low review beside a counting one',
      AI,
      [review(1, {}, false), review(8)],
      { overall: 8 },
    ],
    ['ungraded and unreviewed: nothing', null, [], { overall: null, empathy: null }],
    ['ungraded but reviewed: the trainer', null, [review(7)], { overall: 7, empathy: null }],
  ])('%s', (_name, ai, reviews, expected) => {
    const counted = countedScores(ai, reviews);
    for (const [kind, score] of Object.entries(expected))
      expect(counted[kind as keyof ScoreSet].score, kind).toBe(score);
  });

  it("keeps the grader's score beside a trainer's and says whose counts", () => {
    const counted = countedScores(AI, [review(9, { empathy: 8 })]);
    expect(counted.overall).toEqual({ score: 9, ai: 4, byTrainer: true });
    expect(counted.empathy).toEqual({ score: 8, ai: 5, byTrainer: true });
    expect(counted.clarity).toEqual({ score: 6, ai: 6, byTrainer: false });
  });

  it('countedOverall is the overall of countedScores', () => {
    expect(countedOverall(4, [review(9)])).toEqual({ score: 9, ai: 4, byTrainer: true });
    expect(countedOverall(4, [review(9, {}, false)])).toEqual({
      score: 4,
      ai: 4,
      byTrainer: false,
    });
  });

  it("graderScores reads a feedback's fields through shared/skills", () => {
    expect(
      graderScores({
        overallScore: 4,
        empathyScore: 5,
        clarityScore: 6,
        persuasionScore: 7,
        objectionHandlingScore: 3,
      }),
    ).toEqual(AI);
  });
});
