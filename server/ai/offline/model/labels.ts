import { CONVERSATION_TOPICS } from '../../../scenarios/schema';
import type { ConversationTopic } from '../../../scenarios/schema';

/**
 * What the coach model recognises in one clinician line, as the coding manual
 * (training/coach/CODING.md) defines each label: acts judged by their function, as MI and
 * Calgary-Cambridge coders judge them, and the topics the line is about.
 */
export const COACH_ACTS = [
  'open_question',
  'closed_question',
  'simple_reflection',
  'complex_reflection',
  'affirmation',
  'summary',
  'information',
  'advice',
  'asks_permission',
  'check_understanding',
  'reassurance',
  'dismissal',
  'pressure',
  'small_talk',
] as const;
export type CoachAct = (typeof COACH_ACTS)[number];

/**
 * For a question, the one topic it most asks about (the first a coder lists): what a patient's
 * answer must address. "How do you feel about the price?" is about cost and feelings, and
 * asks about the cost.
 */
export const ASKED_LABELS = CONVERSATION_TOPICS.map((topic) => `asked:${topic}` as const);
export type AskedLabel = (typeof ASKED_LABELS)[number];

export const COACH_LABELS = [...COACH_ACTS, ...CONVERSATION_TOPICS, ...ASKED_LABELS] as const;
export type CoachLabel = CoachAct | ConversationTopic | AskedLabel;

export function isCoachAct(label: string): label is CoachAct {
  return (COACH_ACTS as readonly string[]).includes(label);
}

export function isCoachTopic(label: string): label is ConversationTopic {
  return (CONVERSATION_TOPICS as readonly string[]).includes(label);
}
