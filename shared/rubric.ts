import { feedbackBarColour, SCORE_KEYS, type ScoreKey } from './feedback';
import { reportLabel } from './skills';

/**
 * The scoring rubric, defined once: the scenario screen shows it before a conversation, the
 * report shows the anchor each score met, the LLM grader is prompted with it and the offline
 * scorer's skills are named by it. This module is the one vocabulary for these texts (they are
 * user-facing, so nothing else writes them out again).
 */

export type RubricLevel = 'good' | 'fair' | 'poor';

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
export const RUBRIC_BANDS: readonly RubricBand[] = [
  { level: 'good', label: 'Good', min: 8, max: 10 },
  { level: 'fair', label: 'Fair', min: 6, max: 7 },
  { level: 'poor', label: 'Poor', min: 1, max: 5 },
];

export interface SkillRubric {
  key: ScoreKey;
  /** The skill's name as the report labels its bar (spec §2). */
  name: string;
  /** What the skill measures, in one line. */
  measures: string;
  /** What the clinician did, one sentence per level. */
  anchors: Record<RubricLevel, string>;
}

const SKILLS: Record<ScoreKey, Omit<SkillRubric, 'key' | 'name'>> = {
  overallScore: {
    measures:
      "The conversation as a whole: trust built, the patient's real worries uncovered and a fair next step agreed.",
    anchors: {
      good: 'You drew out what really worried the patient, answered it plainly and agreed a next step they chose freely.',
      fair: 'You covered the treatment and some concerns, but missed a worry or rushed part of the conversation.',
      poor: 'You talked past the patient, leaving them confused, pressured or no closer to a decision.',
    },
  },
  empathyScore: {
    measures: "Noticing and naming the patient's feelings, and asking about their worries.",
    anchors: {
      good: 'You named how the patient felt, asked open questions about their worries and never rushed or dismissed them.',
      fair: 'You acknowledged a feeling now and then, but moved on to explaining before exploring what worried them.',
      poor: 'You ignored or brushed aside the patient\'s feelings ("nothing to worry about") or pushed on regardless.',
    },
  },
  clarityScore: {
    measures: 'Plain words, small steps, and checking the patient has understood.',
    anchors: {
      good: 'You used everyday words, explained options, risks and cost in short steps and checked they understood.',
      fair: 'You were mostly clear, but left a technical term unexplained, ran on too long or never checked understanding.',
      poor: 'You used unexplained jargon or long, dense explanations that the patient could not follow.',
    },
  },
  persuasionScore: {
    measures:
      'Linking the treatment to what matters to this patient, honestly, with options and without pressure.',
    anchors: {
      good: 'You tied the treatment to what matters to the patient, offered options including waiting, were clear on cost and agreed a next step without pressure.',
      fair: "You explained the benefits, but not in the patient's terms, or left out the options, the cost or a next step.",
      poor: 'You pressured the patient, leaned on fear or urgency, or gave them no reason of their own to go ahead.',
    },
  },
  objectionHandlingScore: {
    measures:
      'Meeting each objection with Listen, Acknowledge, Explore, Respond (LAER), then checking it is resolved.',
    anchors: {
      good: 'You heard each objection out, acknowledged and explored it before answering it specifically, and checked it was resolved.',
      fair: 'You acknowledged and answered objections, but answered before exploring them or did not check they were resolved.',
      poor: 'You brushed objections aside, argued with them, or answered at once without acknowledging them.',
    },
  },
};

/** The five skills in the report's order (SCORE_KEYS). */
export const RUBRIC: readonly SkillRubric[] = SCORE_KEYS.map((key) => ({
  key,
  name: reportLabel(key),
  ...SKILLS[key],
}));

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

/** The anchor a score met: the level whose band holds it, and that level's sentence. */
export function anchorFor(skill: ScoreKey, score: number): MetAnchor {
  const level = rubricLevel(score);
  return {
    skill,
    level,
    label: rubricBand(level).label,
    text: SKILLS[skill].anchors[level],
  };
}
