import { z } from 'zod';
import { feedbackScoresSchema, type ParsedFeedback } from '../../../shared/feedback';

const feedbackItemSchema = z.object({ text: z.string(), quote: z.string().nullable() });

/**
 * The feedback as the API sends it. Kept here until shared/ has a response schema for it;
 * `satisfies` makes a change to the shared type break this build rather than the screen.
 */
export const feedbackSchema = feedbackScoresSchema.extend({
  strengths: z.array(feedbackItemSchema),
  areasForImprovement: z.array(feedbackItemSchema),
  suggestedResponses: z.array(z.string()),
  fallback: z.enum(['json_in_text', 'text_scan', 'default']).nullable(),
}) satisfies z.ZodType<ParsedFeedback>;

export const feedbackResponse = z.object({ feedback: feedbackSchema });
