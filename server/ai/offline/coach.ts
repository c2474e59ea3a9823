import { plainWordsFor } from './jargon';
import { replayConversation } from './patientState';
import { inReportLanguage, reportText } from './reportText';
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

function named(
  concern: string | undefined,
  withName: (concern: string) => string,
  without: string,
): string {
  if (concern === undefined) return without;
  const text = withName(concern);
  return countWords(text) <= MAX_HINT_WORDS ? text : without;
}

export function coachHint(context: ConversationSoFar): string {
  const { scenario } = context;
  const { statedConcerns, hiddenConcerns } = scenario.extras;
  const replay = replayConversation(scenario, context.history);
  const { final, pendingRaised } = replay;
  const last = replay.turns.at(-1);

  if (last === undefined) {
    return reportText('coach.start');
  }
  const { analysis } = last;
  if (analysis.offTask) return reportText('coach.offTask');
  if (analysis.pressure) return reportText('coach.pressure');
  const raised = pendingRaised.stated.find((i) => !final.stated[i]?.explored);
  if (raised !== undefined) {
    return named(
      statedConcerns[raised]?.concern,
      (concern) => reportText('coach.raisedNamed', { concern }),
      reportText('coach.raised'),
    );
  }
  if (pendingRaised.hidden.some((i) => !final.hidden[i]?.addressed)) {
    return reportText('coach.shared');
  }
  const term = analysis.jargonUnexplained[0];
  if (term !== undefined) {
    const plain = plainWordsFor(term);
    return plain === undefined
      ? reportText('coach.swap', { term })
      : reportText('coach.swapFor', { term, plain });
  }
  if (final.accepted) return reportText('coach.agreed');
  if (final.hidden.some((h) => h.revealed && !h.addressed)) return reportText('coach.confided');
  const locked = hiddenConcerns.find((_, i) => !final.hidden[i]?.revealed);
  const unexplored = final.stated.findIndex((s) => !s.explored);
  const hiddenFirst = unexplored === -1 || replay.turns.length >= HIDDEN_HINT_AFTER_TURNS;
  if (locked !== undefined && hiddenFirst) return withinLimit(locked.hint);
  if (unexplored !== -1) {
    return named(
      statedConcerns[unexplored]?.concern,
      (concern) => reportText('coach.askAboutNamed', { concern }),
      reportText('coach.askAbout'),
    );
  }
  if (!replay.turns.some((t) => t.analysis.checksUnderstanding)) {
    return reportText('coach.check');
  }
  return reportText('coach.summarise');
}

/** The coach used when no AI provider is configured: deterministic, no network. */
export function createOfflineCoach(): CoachModel {
  return {
    async hint(context) {
      return inReportLanguage(context, () => withinLimit(coachHint(context)));
    },
  };
}
