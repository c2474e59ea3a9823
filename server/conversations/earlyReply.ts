import type { ChatTurn } from '../ai/types';
import { historyIfTurnAllowed } from '../db/messages';
import { AppError } from '../http/errors';
import type { ConversationContext } from './conversationContext';

/**
 * Transcription off the critical path. By the end of speech a streaming transcriber has usually
 * heard every word already (its partials), and its final transcript only confirms them. So the
 * patient's reply starts on those words at once, while the final is on its way: it confirms
 * them long before the reply's first token could arrive. If the final says something else, the
 * early reply is dropped and the turn starts afresh on the final words, as it would have anyway.
 * Nothing of an early reply reaches the client or the database before the turn claims it.
 */
export interface EarlyReply {
  /**
   * The reply's deltas when it answers exactly `text` after exactly `history` (the stored
   * conversation, the clinician's turn last); otherwise null, and the early call is cancelled.
   */
  claim(text: string, history: readonly ChatTurn[]): AsyncIterable<string> | null;
  /** Not needed after all (the turn was refused, cancelled or answered): stop the call. */
  cancel(): void;
}

/** Transcripts compare as their words: spacing is not a difference. */
const sameWords = (a: string, b: string) =>
  a.trim().replace(/\s+/g, ' ') === b.trim().replace(/\s+/g, ' ');

/** The same conversation before the turn, and the same words in it. */
function sameHistory(a: readonly ChatTurn[], b: readonly ChatTurn[]): boolean {
  return (
    a.length === b.length &&
    a.every(
      (t, i) =>
        t.role === b[i]!.role &&
        (i === a.length - 1 ? sameWords(t.content, b[i]!.content) : t.content === b[i]!.content),
    )
  );
}

/**
 * Starts the patient's reply to `text` now. Null when no reply may start: the conversation
 * ended, the hourly quota or the AI budget is used up (an early call must never cost what a
 * turn may not), or the scenario is gone. The call stops with `signal` (the turn's) or `cancel`.
 */
export async function startEarlyReply(
  context: ConversationContext,
  input: { text: string; stream: boolean },
  signal: AbortSignal,
): Promise<EarlyReply | null> {
  const { db, ai, config } = context.services;
  const [before, scenario] = await Promise.all([
    historyIfTurnAllowed(db, {
      conversationId: context.conversationId,
      turnsPerHour: config.limits.turnsPerHour,
    }),
    context.scenario(),
  ]);
  if (!before || !scenario || signal.aborted) return null;
  // Paid like any reply (decision 027), claimed or not: the call is made either way. Refused,
  // there is no early reply, and the turn itself asks again and tells the user.
  try {
    await context.services.budget.spend(context.userId, 'reply');
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
  const history: ChatTurn[] = [...before, { role: 'user', content: input.text }];

  const controller = new AbortController();
  const stop = () => controller.abort();
  signal.addEventListener('abort', stop, { once: true });
  const deltas: string[] = [];
  let done = false;
  let failure: unknown = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    const waiting = wake;
    wake = null;
    waiting?.();
  };

  // Reads ahead into `deltas` until the turn claims them.
  void (async () => {
    try {
      for await (const delta of ai.patient.streamReply(
        { scenario, language: context.language, history },
        { signal: controller.signal, stream: input.stream },
      )) {
        deltas.push(delta);
        notify();
      }
    } catch (error) {
      failure = error;
    } finally {
      done = true;
      signal.removeEventListener('abort', stop);
      notify();
    }
  })();

  async function* replay(): AsyncIterable<string> {
    for (let next = 0; ;) {
      if (next < deltas.length) {
        yield deltas[next++]!;
        continue;
      }
      if (done) break;
      await new Promise<void>((resolve) => (wake = resolve));
    }
    // Thrown where runTurn reads the deltas, as a failure of its own call would be.
    if (failure !== null && !controller.signal.aborted) throw failure;
  }

  let claimed = false;
  return {
    claim(text, stored) {
      if (claimed || controller.signal.aborted) return null;
      if (!sameWords(text, input.text) || !sameHistory(stored, history)) {
        stop();
        return null;
      }
      claimed = true;
      return replay();
    },
    cancel() {
      if (!claimed) stop();
    },
  };
}
