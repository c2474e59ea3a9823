import { consentStatusShown } from '#shared/debrief';
import type { Debrief, DebriefDraft } from '#shared/debrief';
import { quoteInMessage } from '../evidence';

/** A stored turn of the transcript, as the debrief points at it. */
export interface DebriefTurn {
  id: string;
  role: 'user' | 'assistant';
  content: string;
}

/**
 * Ties an engine's debrief to the stored transcript. Turn numbers become message ids; an entry
 * pointing at a turn that does not exist, or at the wrong speaker (a note on a patient line, a
 * thought on a clinician's), is dropped. Every quote must be words of that very turn: a slip is
 * repaired to the exact span, anything else loses the entry (or, for consent evidence, the
 * evidence, and with it any claim that the item was met), as the report's evidence is checked.
 */
export function resolveDebrief(draft: DebriefDraft, turns: readonly DebriefTurn[]): Debrief {
  const at = (turn: number, role: DebriefTurn['role']) => {
    const message = turns[turn - 1];
    return message?.role === role ? message : undefined;
  };
  const quoted = <T extends { turn: number; quote: string }>(item: T) => {
    const message = at(item.turn, 'user');
    const quote = message === undefined ? null : quoteInMessage(item.quote, message.content);
    return message === undefined || quote === null
      ? []
      : [{ ...item, quote, messageId: message.id }];
  };
  const onPatient = <T extends { turn: number }>(item: T) => {
    const message = at(item.turn, 'assistant');
    return message === undefined ? [] : [{ ...item, messageId: message.id }];
  };
  // One state and one thought per patient turn: a grader repeating a turn keeps its first.
  const firstPerTurn = <T extends { turn: number }>(items: T[]) =>
    items.filter((item, i) => items.findIndex((other) => other.turn === item.turn) === i);

  return {
    source: draft.source,
    notes: draft.notes.flatMap(quoted),
    reactions: draft.reactions.flatMap(onPatient),
    states: firstPerTurn(draft.states.flatMap(onPatient)),
    thoughts: firstPerTurn(draft.thoughts.flatMap(onPatient)),
    hiddenConcerns: draft.hiddenConcerns.map((concern) => {
      const where = concern.uncoveredAt === null ? undefined : onPatient(concern.uncoveredAt)[0];
      return { ...concern, uncoveredAt: where ?? null };
    }),
    consent: {
      checks: draft.consent.checks.map((check) => {
        const evidence = check.evidence === null ? null : (quoted(check.evidence)[0] ?? null);
        return { ...check, status: consentStatusShown(check.status, evidence !== null), evidence };
      }),
      flags: draft.consent.flags.flatMap(quoted),
    },
  };
}
