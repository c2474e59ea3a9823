import { setMaxListeners } from 'node:events';
import type { Message } from '#shared/conversation';
import { turnRefusal } from './admission';
import type { BackgroundWork } from './backgroundWork';
import type { createBargeIn, RunningTurn } from './bargeIn';
import type { ConversationContext } from './conversationContext';
import type { PerUserCount } from './perUserCount';

/**
 * The one turn a socket runs at a time, typed or spoken. Typed turns (the controller) and spoken
 * ones (incomingAudio.ts) both take it here, so neither has to ask the other whether it is busy.
 */
export interface TurnSlot {
  /** The running turn, if any (a cancelled one may still be storing what was heard). */
  readonly current: RunningTurn | null;
  /**
   * A spoken utterance is arriving that will be the next turn: nothing else starts meanwhile.
   * Set by incomingAudio.ts while such a stream is open.
   */
  incoming: boolean;
  /** Whether a new turn may start now; if not, the user is told why (under `clientId`). */
  admit(clientId: string): boolean;
  newTurn(): RunningTurn;
  /**
   * Runs `answer` as the socket's turn, after the previous one has stored what it had; a
   * reply it spoke is left to barge-in. Runs beside the frame queue, so a cancel gets through.
   */
  run(current: RunningTurn, answer: (current: RunningTurn) => Promise<Message | null>): void;
}

export function createTurnSlot(input: {
  context: ConversationContext;
  work: BackgroundWork;
  userTurns: PerUserCount;
  bargeIn: ReturnType<typeof createBargeIn>;
  /** The conversation had ended when the socket opened. */
  ended: boolean;
  /** Where a failed turn's error goes (logged and told by code). */
  failed(error: unknown): void;
}): TurnSlot {
  const { context, work, userTurns, bargeIn, ended, failed } = input;
  const { userId } = context;
  const limits = context.services.config.limits;
  let turn: RunningTurn | null = null;
  /** Settles once the socket's latest turn has finished and stored what it had. */
  let lastTurn: Promise<void> = Promise.resolve();

  const slot: TurnSlot = {
    get current() {
      return turn;
    },
    incoming: false,

    admit(clientId) {
      const refusal = turnRefusal({
        closing: work.draining,
        ended,
        busy: turn !== null || slot.incoming,
        userTurns: userTurns.running(userId),
        concurrentTurnsPerUser: limits.concurrentTurnsPerUser,
      });
      if (refusal) context.sendError(refusal, undefined, clientId);
      return refusal === null;
    },

    newTurn() {
      const current: RunningTurn = { controller: new AbortController() };
      // One turn's signal reaches every provider call of that turn (a reply and one speech
      // request per sentence), which is more listeners than Node's leak warning expects.
      setMaxListeners(100, current.controller.signal);
      return current;
    },

    run(current, answer) {
      const previous = lastTurn;
      turn = current;
      const release = work.abortOnShutdown(current.controller);
      userTurns.start(userId);
      const job = (async () => {
        try {
          // A clinician who cut in on the patient may be answered before the cancelled turn
          // has stored what was heard of its reply: that comes first, so the history stays in
          // order.
          await previous;
          bargeIn.turnStarted();
          const spoken = await answer(current);
          if (spoken) await bargeIn.replySpoken(spoken, current);
        } finally {
          release();
          if (turn === current) turn = null;
          userTurns.finish(userId);
        }
      })();
      lastTurn = job.catch(() => undefined);
      work.run(job, failed);
    },
  };
  return slot;
}
