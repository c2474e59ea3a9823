/**
 * The AI budget's price list (decision 027). Every model call a user can cause is paid for from
 * their hourly budget (AI_BUDGET_PER_HOUR), in units of about one patient reply: a chat
 * completion over the conversation so far. The weights are rough on purpose: prices differ by
 * provider and model, and the budget only has to stop one user from running up a bill, not to
 * mirror an invoice. The offline engines cost nothing, but are charged the same, so the limit
 * behaves alike whatever the provider and can be tested without one.
 */

/** What a model call is for. */
export type AiUse =
  | 'reply'
  | 'hint'
  | 'feedback'
  | 'transcription'
  | 'speech'
  | 'realtimeMinute'
  | 'scenarioTranslation';

export const AI_COSTS: Readonly<Record<AiUse, number>> = {
  /** The patient's reply to a turn (and a reply started early on the words heard). */
  reply: 1,
  /** One coaching nudge. */
  hint: 1,
  /**
   * Ending a conversation: the grading call and the debrief call, made side by side, each over
   * the whole transcript and writing a long structured answer.
   */
  feedback: 4,
  /** One utterance transcribed by the server (a streaming session, or one batch call). */
  transcription: 1,
  /** One reply, or one message read aloud, spoken by the server: all of its sentences. */
  speech: 1,
  /**
   * Each started minute of a Realtime call: audio both ways, and the whole conversation read
   * again at every reply, several times the pipeline's cost for the same minute.
   */
  realtimeMinute: 20,
  /**
   * A scenario translated for its author (decision 048): one call that writes the whole
   * scenario again, thousands of tokens, several gradings' worth of writing.
   */
  scenarioTranslation: 10,
};

/**
 * Sized so that ordinary practice never meets it before the older limits: an hour at the turn
 * quota with every turn spoken and heard, all the hours' hints and forty gradings still fit
 * (tests/unit/server/ai/aiCosts.test.ts), as do about forty-five minutes of Realtime calls.
 */
export const DEFAULT_AI_BUDGET_PER_HOUR = 1000;

/** A budget below the dearest single use could never pay for it. */
export const MIN_AI_BUDGET_PER_HOUR = Math.max(...Object.values(AI_COSTS));
