import type { Message } from '#shared/conversation';
import { storeHeardPart } from '../db/messages';
import type { ConversationContext } from './conversationContext';

/** The turn running on a socket, typed or spoken. */
export interface RunningTurn {
  readonly controller: AbortController;
  /** Set by a barge-in: how much of the reply the clinician heard before cutting in. */
  heardChars?: number;
}

/**
 * Barge-in: the clinician speaking over the patient cancels the rest of the reply, and only what
 * was heard stays stored. While the reply streams, runTurn stores it cut (it asks the running
 * turn for `heardChars`); once it is stored whole, its audio may still be playing, so the last
 * spoken reply is remembered and cut afterwards.
 */
export function createBargeIn(context: ConversationContext) {
  /** The last reply the server spoke, while its audio may still be playing on the client. */
  let spokenReply: Message | null = null;

  async function keepHeardPart(reply: Message, heardChars: number) {
    const revised = await storeHeardPart(context.services.db, {
      conversationId: context.conversationId,
      reply,
      heardChars,
    });
    if (revised) context.send({ type: 'reply_revised', message: revised });
  }

  return {
    /** A new turn: the previous reply is no longer the one being talked over. */
    turnStarted() {
      spokenReply = null;
    },

    /**
     * A cancel frame. Cuts the running turn short, or else revises the last spoken reply; the
     * returned work (if any) stores that revision.
     */
    cancel(turn: RunningTurn | null, heardChars: number | undefined): Promise<void> | null {
      if (turn) {
        turn.heardChars = heardChars;
        turn.controller.abort();
        return null;
      }
      if (!spokenReply || heardChars === undefined) return null;
      // The reply was complete but its audio was still playing when the clinician cut in.
      const target = spokenReply;
      spokenReply = null;
      return keepHeardPart(target, heardChars);
    },

    /**
     * A reply stored whole has had its audio sent: what is stored is what was heard. Cut in on
     * already, it is cut now; otherwise it is remembered while its audio may still be playing.
     */
    async replySpoken(reply: Message, turn: RunningTurn) {
      if (turn.controller.signal.aborted && turn.heardChars !== undefined) {
        await keepHeardPart(reply, turn.heardChars);
      } else {
        spokenReply = reply;
      }
    },
  };
}
