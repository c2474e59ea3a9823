import { endOfTurnWaitMs } from './endOfTurn';
import type { UtteranceTranscript } from './streamedUtterance';

/**
 * A spoken turn made of streamed utterances. Our VAD ends an utterance at a pause, but a
 * clinician who pauses mid-sentence has not finished their turn: every utterance that starts
 * before the reply does belongs to the same turn, and a transcript that ends mid-thought holds
 * the reply back a little (the end-of-turn rule, endOfTurn.ts) so that more speech can start.
 * The words of all of them are answered as one turn, under the first utterance's client id.
 */

/** An utterance whose audio has all arrived; its transcript may still be on its way. */
export interface CommittedUtterance {
  clientId: string;
  stream: boolean;
  speak: boolean;
  transcript: Promise<UtteranceTranscript>;
  /** Its PCM16 samples, when audio is kept for replay. */
  audio?: readonly Buffer[];
}

/** What the turn answers. */
export interface SpokenWords {
  clientId: string;
  text: string;
  stream: boolean;
  speak: boolean;
}

export interface UtteranceCollector {
  /** The turn's client id: its first utterance's. */
  readonly clientId: string;
  /** The turn's signal, which its utterances are transcribed under. */
  readonly signal: AbortSignal;
  /** Still taking utterances: the reply has not started, and the turn was not cancelled. */
  readonly accepting: boolean;
  /** The words heard so far, joined. */
  words(): string;
  /** Another utterance of this turn started streaming. */
  continuationStarted(): void;
  /** ...and all its audio arrived. */
  continuationCommitted(utterance: CommittedUtterance): void;
  /** ...or it was dropped (a misfire, a refusal, abandoned): the turn goes on without it. */
  continuationDropped(): void;
  /** Waits for the turn's utterances; null when there is nothing to answer (or it was aborted). */
  collect(): Promise<SpokenWords | null>;
  /** The samples of every utterance collected so far, in order (kept for replay). */
  audio(): Buffer[];
}

export interface CollectorHooks {
  /** The words so far end mid-thought: the reply waits for more (shown as a partial). */
  waiting(words: string): void;
  /** No transcriber could hear this utterance. */
  failed(clientId: string): void;
  /** The turn's utterances held no words at all. */
  nothingHeard(clientId: string): void;
}

export function joinWords(before: string, after: string): string {
  return before === '' ? after : after === '' ? before : `${before} ${after}`;
}

export function createUtteranceCollector(input: {
  first: CommittedUtterance;
  /** The configured end-of-turn wait (limits.endOfTurnWaitMs). */
  waitMs: number;
  /** The turn's signal: a cancel or the socket closing ends the collecting. */
  signal: AbortSignal;
  hooks: CollectorHooks;
}): UtteranceCollector {
  const { first, signal, hooks } = input;
  const texts: string[] = [];
  const queue: CommittedUtterance[] = [];
  const samples: Buffer[] = [];
  let streaming = false;
  let accepting = !signal.aborted;
  let wake: (() => void) | null = null;

  const notify = () => {
    const waiting = wake;
    wake = null;
    waiting?.();
  };
  signal.addEventListener(
    'abort',
    () => {
      accepting = false;
      notify();
    },
    { once: true },
  );

  /** Resolves on the next change (or abort); with `timeoutMs`, false when that passed first. */
  function changed(timeoutMs?: number): Promise<boolean> {
    return new Promise((resolve) => {
      const timer =
        timeoutMs === undefined
          ? null
          : setTimeout(() => {
              wake = null;
              // Decided now, not when this resumes: a start arriving meanwhile is a new turn.
              accepting = false;
              resolve(false);
            }, timeoutMs);
      wake = () => {
        if (timer) clearTimeout(timer);
        resolve(true);
      };
    });
  }

  /** Resolves with the turn's next utterance, or null once the turn is over. */
  async function nextUtterance(): Promise<CommittedUtterance | null> {
    for (;;) {
      if (signal.aborted) return null;
      const queued = queue.shift();
      if (queued) return queued;
      if (streaming) {
        await changed();
        continue;
      }
      const wait = endOfTurnWaitMs(texts.join(' '), input.waitMs);
      if (wait === 0) return null;
      hooks.waiting(texts.join(' '));
      if (!(await changed(wait))) return null;
    }
  }

  async function untilAborted<T>(promise: Promise<T>): Promise<T | null> {
    if (signal.aborted) return null;
    let onAbort: (() => void) | undefined;
    const aborted = new Promise<null>((resolve) => {
      onAbort = () => resolve(null);
      signal.addEventListener('abort', onAbort, { once: true });
    });
    try {
      return await Promise.race([promise, aborted]);
    } finally {
      signal.removeEventListener('abort', onAbort!);
    }
  }

  return {
    clientId: first.clientId,
    signal,
    get accepting() {
      return accepting;
    },
    words: () => texts.join(' '),
    audio: () => [...samples],
    continuationStarted() {
      streaming = true;
      notify();
    },
    continuationCommitted(utterance) {
      streaming = false;
      queue.push(utterance);
      notify();
    },
    continuationDropped() {
      streaming = false;
      notify();
    },

    async collect() {
      let failures = 0;
      try {
        let next: CommittedUtterance | null = first;
        while (next) {
          samples.push(...(next.audio ?? []));
          const heard = await untilAborted(next.transcript);
          if (heard === null) return null;
          if (heard.kind === 'text') texts.push(heard.text);
          else if (heard.kind === 'failed') {
            failures++;
            hooks.failed(next.clientId);
          }
          next = await nextUtterance();
        }
      } finally {
        accepting = false;
        wake = null;
      }
      if (signal.aborted) return null;
      if (texts.length === 0) {
        if (failures === 0) hooks.nothingHeard(first.clientId);
        return null;
      }
      return {
        clientId: first.clientId,
        text: texts.join(' '),
        stream: first.stream,
        speak: first.speak,
      };
    },
  };
}
