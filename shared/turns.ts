/**
 * What a "turn" is, everywhere a person reads one (decision 043): one clinician line and the
 * patient's reply to it, numbered from 1 by the clinician's lines. The debrief's notes, the
 * trainer's comments, the "Try another answer" buttons, the branch note and the debrief chart
 * all number turns through this module, so "turn 3" is the same moment on every screen.
 *
 * The patient's lines before the clinician's first (her opening) belong to no numbered turn:
 * they are the opening (`null`). A patient line belongs to the turn of the clinician line it
 * follows. Stored debriefs still point at messages by their 1-based place in the transcript
 * (shared/debrief.ts); `turnAtPosition` reads such a place as a turn.
 */

export type Speaker = 'user' | 'assistant';

/** The turn of each message, in order; null for the patient's opening. */
export function turnNumbers(messages: readonly { role: Speaker }[]): (number | null)[] {
  let turn = 0;
  return messages.map((m) => {
    if (m.role === 'user') turn += 1;
    return turn === 0 ? null : turn;
  });
}

/**
 * The turn of the message at a 1-based place in the transcript (how a debrief points at
 * one); null for the opening or a place past the end.
 */
export function turnAtPosition(
  messages: readonly { role: Speaker }[],
  position: number,
): number | null {
  return turnNumbers(messages)[position - 1] ?? null;
}
