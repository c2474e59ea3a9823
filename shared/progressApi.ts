import { z } from 'zod';
import { conversationSessionSchema, messageSchema } from './conversation';
import { feedbackSchema } from './feedback';
import type { HistoryEntry } from './history';
import type { ProgressSummary } from './progress';
import { scenarioSchema } from './scenario';

/**
 * Request and response shapes of GET /api/progress, GET /api/history and
 * GET /api/conversations/:id. `satisfies` ties each schema to the type the pure rules use, so
 * renaming a field on one side breaks the build on the other.
 */

const progressPointSchema = z.object({
  date: z.string(),
  overall: z.number(),
  empathy: z.number(),
  clarity: z.number(),
  persuasion: z.number(),
  objection: z.number(),
});

const skillProficiencySchema = z.object({
  skill: z.enum(['empathy', 'clarity', 'persuasion', 'objection']),
  value: z.number().nullable(),
  sessions: z.number().int(),
});

export const progressResponse = z.object({
  completedSessions: z.number().int().min(0),
  avgScore: z.number(),
  improvementRate: z.number().int().min(0),
  points: z.array(progressPointSchema),
  insights: z.array(z.string()),
  proficiency: z.array(skillProficiencySchema),
}) satisfies z.ZodType<ProgressSummary>;

/** A page of history: 20 entries unless asked otherwise, never more than 100. */
export const HISTORY_PAGE_SIZE = 20;
export const HISTORY_MAX_PAGE_SIZE = 100;

export const historyQuery = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(HISTORY_MAX_PAGE_SIZE, `limit must be at most ${HISTORY_MAX_PAGE_SIZE}`)
    .default(HISTORY_PAGE_SIZE),
  /** The last session id of the previous page: the next page starts after it. */
  before: z.uuid({ error: 'before must be a session id' }).optional(),
});
export type HistoryQuery = z.input<typeof historyQuery>;

const nullableScore = z.number().nullable();

export const historyEntrySchema = z.object({
  sessionId: z.string(),
  scenarioTitle: z.string().nullable(),
  difficulty: z.string().nullable(),
  createdAt: z.string(),
  endedAt: z.string().nullable(),
  overallScore: nullableScore,
  subScores: z
    .object({
      empathy: nullableScore,
      clarity: nullableScore,
      persuasion: nullableScore,
      objectionHandling: nullableScore,
    })
    .nullable(),
}) satisfies z.ZodType<HistoryEntry>;

export const historyResponse = z.object({
  entries: z.array(historyEntrySchema),
  /** Pass as `before` to get the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type HistoryResponse = z.infer<typeof historyResponse>;

/** GET /api/conversations/:id: the session with its scenario, transcript and feedback. */
export const conversationDetailResponse = z.object({
  session: conversationSessionSchema,
  scenario: scenarioSchema.nullable(),
  messages: z.array(messageSchema),
  feedback: feedbackSchema.nullable(),
});
export type ConversationDetail = z.infer<typeof conversationDetailResponse>;
