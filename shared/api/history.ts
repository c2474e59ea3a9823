import { z } from 'zod';
import type { HistoryEntry } from '../history';
import { languageCodeSchema } from '../languages';
import { INPUT_TEXT } from '../text';
import { resource } from './endpoint';

/**
 * GET /api/history. `satisfies` ties the entry schema to the type the pure rules use, so
 * renaming a field on one side breaks the build on the other.
 */

/** A page of history: 20 entries unless asked otherwise, never more than 100. */
export const HISTORY_PAGE_SIZE = 20;
export const HISTORY_MAX_PAGE_SIZE = 100;

export const historyQuery = z.object({
  limit: z.coerce
    .number({ error: () => INPUT_TEXT.mustBeNumber('limit') })
    .int({ error: () => INPUT_TEXT.mustBeWhole('limit') })
    .min(1, { error: () => INPUT_TEXT.mustBeAtLeast('limit', 1) })
    .max(HISTORY_MAX_PAGE_SIZE, {
      error: () => INPUT_TEXT.mustBeAtMost('limit', HISTORY_MAX_PAGE_SIZE),
    })
    .default(HISTORY_PAGE_SIZE),
  /** The last session id of the previous page: the next page starts after it. */
  before: z.uuid({ error: () => INPUT_TEXT.mustBeSessionId('before') }).optional(),
});
export type HistoryQuery = z.input<typeof historyQuery>;

const nullableScore = z.number().nullable();

export const historyEntrySchema = z.object({
  conversationId: z.string(),
  scenarioTitle: z.string().nullable(),
  scenarioLanguage: languageCodeSchema.nullable(),
  difficulty: z.string().nullable(),
  createdAt: z.string(),
  endedAt: z.string().nullable(),
  overallScore: nullableScore,
  /** The AI's overall score when a trainer's counts instead (decision 043). */
  aiOverallScore: nullableScore.optional(),
  subScores: z
    .object({
      empathy: nullableScore,
      clarity: nullableScore,
      persuasion: nullableScore,
      objectionHandling: nullableScore,
    })
    .nullable(),
  /** The original's session id when this conversation is a branch of it. */
  branchOf: z.string().nullable().optional(),
}) satisfies z.ZodType<HistoryEntry>;

export const historyResponse = z.object({
  entries: z.array(historyEntrySchema),
  /** Pass as `before` to get the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type HistoryResponse = z.infer<typeof historyResponse>;

/** Mounted at the API root beside progress, each route behind its own sign-in guard. */
export const historyApi = resource('', {
  /** One page, newest first. */
  list: { method: 'GET', route: '/history', query: historyQuery, response: historyResponse },
});
