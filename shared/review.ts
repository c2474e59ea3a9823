import { z } from 'zod';

/**
 * A trainer's review of a trainee's conversation (issue 17, decision 023): an overall score
 * that progress counts instead of the grader's, and comments on single turns. The trainee reads
 * it on their conversation detail beside the grader's report; the trainer writes it from the
 * read-only review page.
 */

export const scoreOverrideSchema = z.object({
  score: z.number().int(),
  comment: z.string(),
  trainerName: z.string(),
  createdAt: z.string(),
});
export type ScoreOverride = z.infer<typeof scoreOverrideSchema>;

export const turnCommentSchema = z.object({
  id: z.string(),
  messageId: z.string(),
  comment: z.string(),
  trainerName: z.string(),
  createdAt: z.string(),
});
export type TurnComment = z.infer<typeof turnCommentSchema>;

export const trainerReviewSchema = z.object({
  override: scoreOverrideSchema.nullable(),
  /** Oldest first. */
  comments: z.array(turnCommentSchema),
});
export type TrainerReview = z.infer<typeof trainerReviewSchema>;

export const EMPTY_REVIEW: TrainerReview = { override: null, comments: [] };
