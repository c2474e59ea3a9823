import { feedbackBarColour, SCORE_KEYS, type ScoreKey } from './feedback';
import { en } from './i18n/en';
import { translate } from './i18n/translate';

/**
 * The scoring rubric, defined once: the scenario screen shows it before a conversation, the
 * report shows the anchor each score met, the LLM grader is prompted with it and the offline
 * scorer's skills are named by it. Its sentences live in the catalogues (section `rubric`, the
 * names in `skills.reportLabel`, decision 049). The trainee reads them in the current locale
 * (`rubricInLocale`, `bandsInLocale`, `anchorFor`); the grader's prompt and the offline scorer
 * read `RUBRIC` and `RUBRIC_BANDS`, which are the English catalogue's words whatever the
 * request's locale, since the model prompts are written in English.
 */

export type RubricLevel = 'good' | 'fair' | 'poor';

const LEVELS: readonly RubricLevel[] = ['good', 'fair', 'poor'];

export interface RubricBand {
  level: RubricLevel;
  /** How the level reads on screen and in the grader's prompt. */
  label: string;
  /** Inclusive whole-score range the level covers. */
  min: number;
  max: number;
}

/**
 * Spec §9's feedback bar colours: green at 8 or more, yellow at 6 or more, otherwise red. A
 * level is the colour of the bar it sits under, so the two can never disagree.
 */
const BAND_RANGES: Record<RubricLevel, Pick<RubricBand, 'min' | 'max'>> = {
  good: { min: 8, max: 10 },
  fair: { min: 6, max: 7 },
  poor: { min: 1, max: 5 },
};

export interface SkillRubric {
  key: ScoreKey;
  /** The skill's name as the report labels its bar (spec §2). */
  name: string;
  /** What the skill measures, in one line. */
  measures: string;
  /** What the clinician did, one sentence per level. */
  anchors: Record<RubricLevel, string>;
}

/** Where the rubric's words come from: the English catalogue, or the current locale's. */
interface RubricWords {
  name(key: ScoreKey): string;
  band(level: RubricLevel): string;
  measures(key: ScoreKey): string;
  anchor(key: ScoreKey, level: RubricLevel): string;
}

const ENGLISH: RubricWords = {
  name: (key) => en.skills.reportLabel[key],
  band: (level) => en.rubric.band[level],
  measures: (key) => en.rubric.skill[key].measures,
  anchor: (key, level) => en.rubric.skill[key][level],
};

const IN_LOCALE: RubricWords = {
  name: (key) => translate(`skills.reportLabel.${key}`),
  band: (level) => translate(`rubric.band.${level}`),
  measures: (key) => translate(`rubric.skill.${key}.measures`),
  anchor: (key, level) => translate(`rubric.skill.${key}.${level}`),
};

function bands(words: RubricWords): RubricBand[] {
  return LEVELS.map((level) => ({ level, label: words.band(level), ...BAND_RANGES[level] }));
}

function skills(words: RubricWords): SkillRubric[] {
  return SCORE_KEYS.map((key) => ({
    key,
    name: words.name(key),
    measures: words.measures(key),
    anchors: {
      good: words.anchor(key, 'good'),
      fair: words.anchor(key, 'fair'),
      poor: words.anchor(key, 'poor'),
    },
  }));
}

/** The bands in English, as the grader's prompt states them. */
export const RUBRIC_BANDS: readonly RubricBand[] = bands(ENGLISH);

/** The five skills in the report's order (SCORE_KEYS), in English: the grader's rubric. */
export const RUBRIC: readonly SkillRubric[] = skills(ENGLISH);

/** The bands as the trainee reads them, in the current locale. */
export function bandsInLocale(): RubricBand[] {
  return bands(IN_LOCALE);
}

/** The five skills as the trainee reads them ("How you'll be scored"), in the current locale. */
export function rubricInLocale(): SkillRubric[] {
  return skills(IN_LOCALE);
}

export function skillRubric(skill: ScoreKey): SkillRubric {
  const found = RUBRIC.find((r) => r.key === skill);
  if (found === undefined) throw new Error(`No rubric for ${skill}`);
  return found;
}

const LEVEL_OF_COLOUR: Record<ReturnType<typeof feedbackBarColour>, RubricLevel> = {
  green: 'good',
  yellow: 'fair',
  red: 'poor',
};

export function rubricLevel(score: number): RubricLevel {
  return LEVEL_OF_COLOUR[feedbackBarColour(score)];
}

export function rubricBand(level: RubricLevel): RubricBand {
  const band = RUBRIC_BANDS.find((b) => b.level === level);
  if (band === undefined) throw new Error(`No rubric band for ${level}`);
  return band;
}

/** "8–10": a band's range as the panel and the grader's prompt show it. */
export function bandRange(band: RubricBand): string {
  return `${band.min}–${band.max}`;
}

export interface MetAnchor {
  skill: ScoreKey;
  level: RubricLevel;
  label: string;
  text: string;
}

/**
 * The anchor a score met, as the report shows it under the bar: the level whose band holds it,
 * and that level's name and sentence in the current locale.
 */
export function anchorFor(skill: ScoreKey, score: number): MetAnchor {
  const level = rubricLevel(score);
  return {
    skill,
    level,
    label: IN_LOCALE.band(level),
    text: IN_LOCALE.anchor(skill, level),
  };
}
