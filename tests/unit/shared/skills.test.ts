import { afterEach, describe, expect, it } from 'vitest';
import { feedbackScoresSchema } from '#shared/feedback';
import { SUB_SCORE_ROWS } from '#shared/history';
import { setLocaleResolver } from '#shared/i18n/translate';
import { OVERALL, reportLabel, SCORES, skill, SKILLS } from '#shared/skills';

const snakeCase = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

describe('shared/skills: one table for the scores', () => {
  it('names every field of a feedback once, in the report order of spec §2', () => {
    expect(SCORES.map((s) => s.feedbackKey)).toEqual(Object.keys(feedbackScoresSchema.shape));
    expect(SCORES.map((s) => s.reportLabel)).toEqual([
      'Overall Performance',
      'Empathy & Rapport',
      'Clarity & Communication',
      'Persuasion & Value Proposition',
      'Objection Handling',
    ]);
  });

  it('maps each score to the feedback table column of the same name', () => {
    for (const score of SCORES) expect(score.column).toBe(snakeCase(score.feedbackKey));
  });

  it.each([
    ['empathy', 'empathyScore', 'empathy', 'Empathy', 'empathy'],
    ['clarity', 'clarityScore', 'clarity', 'Clarity', 'clarity'],
    ['persuasion', 'persuasionScore', 'persuasion', 'Persuasion', 'persuasion'],
    [
      'objection',
      'objectionHandlingScore',
      'objectionHandling',
      'Objection Handling',
      'objection handling',
    ],
  ] as const)('%s is %s in a feedback and %s in a history entry', (key, fb, hist, label, said) => {
    expect(skill(key)).toMatchObject({
      feedbackKey: fb,
      historyKey: hist,
      label,
      inSentence: said,
    });
    expect(reportLabel(fb)).toBe(skill(key).reportLabel);
  });

  it('gives the history rows and the chart their short labels', () => {
    expect(SUB_SCORE_ROWS).toEqual(SKILLS.map((s) => ({ key: s.historyKey, label: s.label })));
    expect(OVERALL.label).toBe('Overall Score');
  });

  describe('in another interface language', () => {
    afterEach(() => setLocaleResolver(() => 'en'));

    it('reads the short labels when they are shown, not when the module loads', () => {
      setLocaleResolver(() => 'es');
      expect(OVERALL.label).toBe('Puntuación global');
      expect(skill('objection').label).toBe('Manejo de objeciones');
      expect(SUB_SCORE_ROWS.map((r) => r.label)).toEqual([
        'Empatía',
        'Claridad',
        'Persuasión',
        'Manejo de objeciones',
      ]);
    });
  });
});
