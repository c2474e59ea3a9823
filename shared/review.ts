import { z } from 'zod';

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

export const scoreOverrideSchema = z.object({
  score: z.number().int(),
  comment: z.string(),
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
