/**
 * The scores, named once: the overall score and the four scored skills (spec §2, §3). A skill
 * has one key here (`empathy` … `objection`); each contract spells it its own way, and this
 * table is the one map between them: `feedbackKey` in a feedback and the grader's answer
 * (`objectionHandlingScore`), `historyKey` in a history entry (`objectionHandling`), `column`
 * in the feedback table (`objection_handling_score`). The labels are the words users see, so
 * nothing else writes them out: `label` on the progress chart, history and proficiency,
 * `reportLabel` on the feedback report's bars, `inSentence` inside an insight sentence (all
 * read from the catalogue in the current locale, decision 049).
 */

import { translate } from './i18n/translate';

/** Every score, overall or a skill's, is a whole number in this range (spec §5). */
export const SCORE_RANGE = { min: 1, max: 10 } as const;

export const OVERALL = {
  feedbackKey: 'overallScore',
  column: 'overall_score',
  get label(): string {
    return translate('skills.label.overall');
  },
  get reportLabel(): string {
    return translate('skills.reportLabel.overallScore');
  },
} as const;

/** The four scored skills in the spec's order, which is also the insights' ranking order. */
export const SKILLS = [
  {
    key: 'empathy',
    feedbackKey: 'empathyScore',
    historyKey: 'empathy',
    column: 'empathy_score',
    get label(): string {
      return translate('skills.label.empathy');
    },
    get reportLabel(): string {
      return translate('skills.reportLabel.empathyScore');
    },
    get inSentence(): string {
      return translate('skills.inSentence.empathy');
    },
  },
  {
    key: 'clarity',
    feedbackKey: 'clarityScore',
    historyKey: 'clarity',
    column: 'clarity_score',
    get label(): string {
      return translate('skills.label.clarity');
    },
    get reportLabel(): string {
      return translate('skills.reportLabel.clarityScore');
    },
    get inSentence(): string {
      return translate('skills.inSentence.clarity');
    },
  },
  {
    key: 'persuasion',
    feedbackKey: 'persuasionScore',
    historyKey: 'persuasion',
    column: 'persuasion_score',
    get label(): string {
      return translate('skills.label.persuasion');
    },
    get reportLabel(): string {
      return translate('skills.reportLabel.persuasionScore');
    },
    get inSentence(): string {
      return translate('skills.inSentence.persuasion');
    },
  },
  {
    key: 'objection',
    feedbackKey: 'objectionHandlingScore',
    historyKey: 'objectionHandling',
    column: 'objection_handling_score',
    get label(): string {
      return translate('skills.label.objection');
    },
    get reportLabel(): string {
      return translate('skills.reportLabel.objectionHandlingScore');
    },
    get inSentence(): string {
      return translate('skills.inSentence.objection');
    },
  },
] as const;

export type Skill = (typeof SKILLS)[number];
export type SkillKey = Skill['key'];

/** The five scores in the feedback report's order: overall, then the skills. */
export const SCORES = [OVERALL, ...SKILLS] as const;

export type ScoreName = (typeof SCORES)[number]['feedbackKey'];

/** A skill by its key (the progress point's and proficiency's spelling). */
export function skill(key: SkillKey): Skill {
  return SKILLS.find((s) => s.key === key)!;
}

/** The feedback report's label of a score, by its feedback field. */
export function reportLabel(key: ScoreName): string {
  return translate(`skills.reportLabel.${key}`);
}
