import type { ChatTurn } from '../ai/types';

/**
 * What a socket knows of its conversation between turns: the history as its last turn stored
 * it, with the reply (null when unknown: a turn under way, a reply cut short, a failure). Another
 * tab, a Realtime call or a barge-in may change the stored history meanwhile; runTurn compares,
 * so this is only ever a guess.
 */
export interface KnownHistory {
  turns: ChatTurn[] | null;
}

/**
 * A patient reply asked for while the clinician's turn is still being stored, on the history
 * the socket expects the store to read (decision 036). Nothing it produces is shown until it is
 * adopted, which runTurn does only for a turn stored and paid for whose stored history is the
 * one it was asked with; otherwise it is dropped (aborted).
 */
export interface ReplyInAdvance {
  /** The history it was asked with. */
  readonly turns: readonly ChatTurn[];
  /** Its deltas from the first, already asked for. */
  adopt(): AsyncIterable<string>;
  /** Aborts it; what it produced is never seen. */
  drop(): void;
}

export function sameTurns(a: readonly ChatTurn[], b: readonly ChatTurn[]): boolean {
  return (
    a.length === b.length &&
    a.every((turn, i) => turn.role === b[i]!.role && turn.content === b[i]!.content)
  );
}

/**
 * Starts `reply` at once (its first delta is asked for now, so the request goes out while the
 * turn is stored). Aborted with `signal` (the turn's) or by `drop`.
 */
export function startReplyInAdvance(
  turns: readonly ChatTurn[],
  reply: (signal: AbortSignal) => AsyncIterable<string>,
  signal: AbortSignal,
): ReplyInAdvance {
  const controller = new AbortController();
  const abort = () => controller.abort();
  signal.addEventListener('abort', abort, { once: true });
  const iterator = reply(controller.signal)[Symbol.asyncIterator]();
  const first = iterator.next();
  // A dropped reply's failure is nobody's; an adopted one's is awaited below.
  first.catch(() => undefined);
  let finished = false;
  const stop = () => {
    signal.removeEventListener('abort', abort);
    if (finished) return;
    finished = true;
    void iterator.return?.()?.catch(() => undefined);
  };
  return {
    turns,
    async *adopt() {
      try {
        for (let next = await first; !next.done; next = await iterator.next()) yield next.value;
        finished = true;
      } finally {
        stop();
      }
    },
    drop() {
      controller.abort();
      stop();
    },
  };
}
