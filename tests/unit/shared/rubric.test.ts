import { describe, expect, it } from 'vitest';
import { feedbackBarColour, SCORE_KEYS } from '#shared/feedback';
import {
  anchorFor,
  bandRange,
  RUBRIC,
  RUBRIC_BANDS,
  rubricLevel,
  skillRubric,
  type RubricLevel,
} from '#shared/rubric';

describe('anchorFor (bands follow spec §9: 8–10 good, 6–7 fair, 1–5 poor)', () => {
  it.each([
    [10, 'good', 'Good'],
    [9, 'good', 'Good'],
    [8, 'good', 'Good'],
    [7.9, 'fair', 'Fair'],
    [7, 'fair', 'Fair'],
    [6, 'fair', 'Fair'],
    [5.9, 'poor', 'Poor'],
    [5, 'poor', 'Poor'],
    [3, 'poor', 'Poor'],
    [1, 'poor', 'Poor'],
  ] as const)('score %s → %s', (score, level, label) => {
    for (const skill of SCORE_KEYS) {
      const met = anchorFor(skill, score);
      expect(met).toEqual({
        skill,
        level,
        label,
        text: skillRubric(skill).anchors[level],
      });
    }
  });

  it('gives each skill its own sentence at each level', () => {
    expect(anchorFor('empathyScore', 9).text).toMatch(/named how the patient felt/);
    expect(anchorFor('clarityScore', 6).text).toMatch(/technical term unexplained/);
    expect(anchorFor('persuasionScore', 2).text).toMatch(/pressured the patient/);
    expect(anchorFor('objectionHandlingScore', 7).text).toMatch(/answered before exploring/);
    expect(anchorFor('overallScore', 4).text).toMatch(/talked past the patient/);
  });

  it('agrees with the report bar colour at every score', () => {
    const colourOf: Record<RubricLevel, string> = { good: 'green', fair: 'yellow', poor: 'red' };
    for (let tenths = 10; tenths <= 100; tenths++) {
      const score = tenths / 10;
      expect(colourOf[rubricLevel(score)], String(score)).toBe(feedbackBarColour(score));
    }
  });
});

describe('the rubric', () => {
  it('covers the five scored skills in the report order, each with three distinct anchors', () => {
    expect(RUBRIC.map((r) => r.key)).toEqual([...SCORE_KEYS]);
    const all = new Set<string>();
    for (const skill of RUBRIC) {
      expect(skill.name.length).toBeGreaterThan(3);
      expect(skill.measures).toMatch(/\.$/);
      for (const level of ['good', 'fair', 'poor'] as const) {
        const anchor = skill.anchors[level];
        // One sentence of what the clinician did, short enough to read under a bar.
        expect(anchor, `${skill.key} ${level}`).toMatch(/^You [^.]+\.$/);
        expect(anchor.length, `${skill.key} ${level}`).toBeLessThanOrEqual(160);
        all.add(anchor);
      }
    }
    expect(all.size).toBe(15);
  });

  it('has bands that cover 1 to 10 once each, best first', () => {
    expect(RUBRIC_BANDS.map(bandRange)).toEqual(['8–10', '6–7', '1–5']);
    const covered = RUBRIC_BANDS.flatMap((b) =>
      Array.from({ length: b.max - b.min + 1 }, (_, i) => b.min + i),
    ).sort((a, b) => a - b);
    expect(covered).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (const band of RUBRIC_BANDS) {
      expect(rubricLevel(band.min)).toBe(band.level);
      expect(rubricLevel(band.max)).toBe(band.level);
    }
  });
});
