import { z } from 'zod';
import { formatClockTime } from './format';
import { translate } from './i18n/translate';
import { DEFAULT_LANGUAGE, languageCodeSchema } from './languages';

/** Spec §9 and issue limits shared by both ends. */
export const MAX_MESSAGE_CHARS = 2000;
/** Spec §9: the end button needs 3 messages in the list; the grader needs 2 stored. */
export const MESSAGES_TO_END = 3;
export const MESSAGES_FOR_FEEDBACK = 2;

export const messageSchema = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  createdAt: z.string(),
  /** How the clinician's words arrived. */
  source: z.enum(['typed', 'dictated', 'voice']),
  /** A patient reply cut short (barge-in, dropped stream): stored as far as it got. */
  partial: z.boolean(),
});
export type Message = z.infer<typeof messageSchema>;

export const conversationSchema = z.object({
  id: z.string(),
  scenarioId: z.string(),
  createdAt: z.string(),
  endedAt: z.string().nullable(),
  successRating: z.number().nullable(),
  /** The conversation this one branched from ("Try another answer here"), or null. */
  branchOf: z.string().nullable(),
  /** The language the patient speaks and the clinician is heard in (decision 048). */
  language: languageCodeSchema.default(DEFAULT_LANGUAGE),
  /** The language the feedback and debrief explanations are written in. */
  reportLanguage: languageCodeSchema.default(DEFAULT_LANGUAGE),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** Spec §9: message times read hour:minute in en-US. */
export function formatMessageTime(iso: string): string {
  return formatClockTime(iso);
}

/** Spec §2 chat panel: 'Patient is concerned about {concerns}' or 'various issues'. */
export function concernsLine(concerns: readonly string[]): string {
  const list = concerns.filter((c) => c.trim() !== '');
  return list.length > 0
    ? translate('conversation.screen.concernsLine.listed', { concerns: list.join(', ') })
    : translate('conversation.screen.concernsLine.none');
}
