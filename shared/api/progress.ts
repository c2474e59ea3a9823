import { z } from 'zod';
import type { ProgressSummary } from '../progress';
import { resource } from './endpoint';

/**
 * GET /api/progress. `satisfies` ties the schema to the type the pure rules use, so renaming a
 * field on one side breaks the build on the other.
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
  completedConversations: z.number().int().min(0),
  avgScore: z.number(),
  improvementRate: z.number().int().min(0),
  points: z.array(progressPointSchema),
  insights: z.array(z.string()),
  proficiency: z.array(skillProficiencySchema),
}) satisfies z.ZodType<ProgressSummary>;

/** Mounted at the API root beside history, each route behind its own sign-in guard. */
export const progressApi = resource('', {
  get: { method: 'GET', route: '/progress', response: progressResponse },
});
