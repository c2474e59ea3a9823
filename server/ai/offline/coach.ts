import { plainWordsFor } from './jargon';
import { replayConversation } from './patientState';
import { countWords } from './textTools';
import type { CoachModel, ConversationSoFar } from '../types';

/**
 * One nudge for this moment of the conversation. It points at what to do next, never
 * scripts it, and never names what the patient is keeping back: only the scenario's own hint.
 */

export const MAX_HINT_WORDS = 25;

/** Once this many turns have passed, a still-hidden worry matters more than polishing. */
const HIDDEN_HINT_AFTER_TURNS = 4;

function withinLimit(text: string): string {
  if (countWords(text) <= MAX_HINT_WORDS) return text;
  const firstSentence = text.match(/^.*?[.!?](?=\s|$)/)?.[0];
  if (firstSentence !== undefined && countWords(firstSentence) <= MAX_HINT_WORDS) {
    return firstSentence;
  }
  return `${text.split(/\s+/).slice(0, MAX_HINT_WORDS).join(' ')}…`;
}

function named(concern: string | undefined, withName: string, without: string): string {
  if (concern === undefined) return without;
  const text = withName.replace('{concern}', concern);
  return countWords(text) <= MAX_HINT_WORDS ? text : without;
}

export function coachHint(context: ConversationSoFar): string {
  const { scenario } = context;
  const { statedConcerns, hiddenConcerns } = scenario.extras;
  const replay = replayConversation(scenario, context.history);
  const { final, pendingRaised } = replay;
  const last = replay.turns.at(-1);

  if (last === undefined) {
    return 'Start with an open question: ask what brings them in and what worries them most.';
  }
  const { analysis } = last;
  if (analysis.offTask)
    return 'Stay in the consultation: answer the patient as you would in the chair.';
  if (analysis.pressure) {
    return 'Ease off the urgency. Offer the options, including waiting, and let them choose the timing.';
  }
  const raised = pendingRaised.stated.find((i) => !final.stated[i]?.explored);
  if (raised !== undefined) {
    return named(
      statedConcerns[raised]?.concern,
      'They just raised "{concern}". Acknowledge the feeling, then ask what worries them most about it.',
      'They just raised a concern. Acknowledge the feeling, then ask what worries them most about it.',
    );
  }
  if (pendingRaised.hidden.some((i) => !final.hidden[i]?.addressed)) {
    return 'They have just shared something personal. Acknowledge it before you move on.';
  }
  const term = analysis.jargonUnexplained[0];
  if (term !== undefined) {
    const plain = plainWordsFor(term);
    return plain === undefined
      ? `Swap "${term}" for everyday words.`
      : `Swap "${term}" for everyday words, such as "${plain}".`;
  }
  if (final.accepted) return 'They have agreed. Confirm the next steps and what to expect.';
  if (final.hidden.some((h) => h.revealed && !h.addressed)) {
    return 'Go back to what they confided earlier and respond to it before asking for a decision.';
  }
  const locked = hiddenConcerns.find((_, i) => !final.hidden[i]?.revealed);
  const unexplored = final.stated.findIndex((s) => !s.explored);
  const hiddenFirst = unexplored === -1 || replay.turns.length >= HIDDEN_HINT_AFTER_TURNS;
  if (locked !== undefined && hiddenFirst) return withinLimit(locked.hint);
  if (unexplored !== -1) {
    return named(
      statedConcerns[unexplored]?.concern,
      'Ask an open question about "{concern}" before explaining anything.',
      'Ask an open question about a concern you have not explored yet.',
    );
  }
  if (!replay.turns.some((t) => t.analysis.checksUnderstanding)) {
    return 'Check understanding: ask what questions they have so far.';
  }
  return "Summarise what you've heard, then ask how they would like to go ahead.";
}

/** The coach used when no AI provider is configured: deterministic, no network. */
export function createOfflineCoach(): CoachModel {
  return {
    async hint(context) {
      return withinLimit(coachHint(context));
    },
  };
}
