import { z } from 'zod';
import type { ReviewScores } from './countedScore';
import { SKILLS, type SkillKey } from './skills';

/**
 * A trainer's review of a trainee's conversation (decisions 023, 024 and 026): an
 * overall score beside the grader's, and comments on single turns. Both belong to the
 * organisation they were written for: its trainer reads and writes only that organisation's,
 * the trainee reads every organisation's, each labelled. Progress counts the score of an
 * organisation that set the conversation as work (the lowest, when several did).
 */

/** The organisation a score or comment was written for, and who wrote it. */
const writtenFor = {
  trainerName: z.string(),
  organisationId: z.string(),
  organisationName: z.string(),
  createdAt: z.string(),
};

export const SKILL_KEYS = SKILLS.map((s) => s.key) as [SkillKey, ...SkillKey[]];

/** A trainer's score of one rubric skill, with why (decision 043). */
export const skillOverrideSchema = z.object({
  skill: z.enum(SKILL_KEYS),
  score: z.number().int(),
  comment: z.string(),
});
export type SkillOverride = z.infer<typeof skillOverrideSchema>;

export const scoreOverrideSchema = z.object({
  score: z.number().int(),
  comment: z.string(),
  /** The skills this organisation scored too, in the rubric's order; the others stay the AI's. */
  skills: z.array(skillOverrideSchema).default([]),
  /**
   * Whether this organisation set the conversation as work, so that its scores count in the
   * trainee's progress, badge and history (decision 026); otherwise they are shown, not counted.
   */
  counts: z.boolean().default(false),
  ...writtenFor,
});
export type ScoreOverride = z.infer<typeof scoreOverrideSchema>;

export const turnCommentSchema = z.object({
  id: z.string(),
  messageId: z.string(),
  comment: z.string(),
  ...writtenFor,
});
export type TurnComment = z.infer<typeof turnCommentSchema>;

export const trainerReviewSchema = z.object({
  /** At most one per organisation, by organisation name; a trainer sees only their own. */
  overrides: z.array(scoreOverrideSchema),
  /** Oldest first. */
  comments: z.array(turnCommentSchema),
});
export type TrainerReview = z.infer<typeof trainerReviewSchema>;

export const EMPTY_REVIEW: TrainerReview = { overrides: [], comments: [] };

/** An organisation's review as `countedScores` reads it. */
export function reviewScores(override: ScoreOverride): ReviewScores {
  return {
    overall: override.score,
    skills: Object.fromEntries(override.skills.map((s) => [s.skill, s.score])),
    counts: override.counts,
  };
}
