import { OVERALL, SKILLS, type Skill, type SkillKey } from './skills';

/**
 * Which score counts (decision 043), the one rule every screen and the server apply: the
 * trainee's badge, the history card, progress, the trainer's header and the cohort table's
 * twin in SQL all read a conversation's score through `countedScores`.
 *
 * For the overall score and for each skill on its own: the lowest of the trainers' scores
 * that count (an organisation that set the conversation as work, decision 026), else the
 * grader's. A trainer who overrode only the overall score leaves the skills to the grader; one
 * who overrode empathy leaves the other skills to the grader.
 */

/** The overall score and the four skills, by the progress point's names. */
export const SCORE_KINDS = ['overall', ...SKILLS.map((s) => s.key)] as const;
export type ScoreKind = 'overall' | SkillKey;

/** A score for each name; null where the grader gave none (an ungraded conversation). */
export type ScoreSet = Record<ScoreKind, number | null>;

/** One organisation's review as far as counting goes. */
export interface ReviewScores {
  overall: number;
  /** The skills this organisation scored; the others stay the grader's. */
  skills: Partial<Record<SkillKey, number>>;
  /** Whether its organisation set the conversation as work (only then does it count). */
  counts: boolean;
}

export interface CountedScore {
  /** The score that counts; null when nobody scored it. */
  score: number | null;
  /** The grader's score, shown beside a trainer's. */
  ai: number | null;
  /** Whether `score` is a trainer's. */
  byTrainer: boolean;
}

export type CountedScores = Record<ScoreKind, CountedScore>;

const NO_SCORES: ScoreSet = {
  overall: null,
  empathy: null,
  clarity: null,
  persuasion: null,
  objection: null,
};

function trainerScore(review: ReviewScores, name: ScoreKind): number | undefined {
  return name === 'overall' ? review.overall : review.skills[name];
}

/** The counted score of each name, with the grader's beside it. */
export function countedScores(
  ai: ScoreSet | null,
  reviews: readonly ReviewScores[],
): CountedScores {
  const grader = ai ?? NO_SCORES;
  const counting = reviews.filter((r) => r.counts);
  const result = {} as CountedScores;
  for (const name of SCORE_KINDS) {
    const trainers = counting
      .map((r) => trainerScore(r, name))
      .filter((s): s is number => typeof s === 'number');
    result[name] =
      trainers.length > 0
        ? { score: Math.min(...trainers), ai: grader[name], byTrainer: true }
        : { score: grader[name], ai: grader[name], byTrainer: false };
  }
  return result;
}

/** The overall score that counts: what a badge or a history card shows first. */
export function countedOverall(ai: number | null, reviews: readonly ReviewScores[]): CountedScore {
  return countedScores({ ...NO_SCORES, overall: ai }, reviews).overall;
}

/** A feedback's (or any feedback-shaped row's) scores by kind, through shared/skills.ts' names. */
export function graderScores(
  feedback: Record<(typeof OVERALL)['feedbackKey'] | Skill['feedbackKey'], number | null>,
): ScoreSet {
  const scores: ScoreSet = { ...NO_SCORES, overall: feedback[OVERALL.feedbackKey] };
  for (const s of SKILLS) scores[s.key] = feedback[s.feedbackKey];
  return scores;
}
