import type { ClusterBus } from './bus';

/** The close code and reason a conversation's sockets get when it ends (RFC 6455 normal). */
export const ENDED_CLOSE = { code: 1000, reason: 'Conversation ended' } as const;

/**
 * The conversation sockets open on this instance, by conversation, so that a conversation that
 * ends (its feedback stored, on whichever instance) closes them all, here and on every other
 * instance. The page reconnects as after any drop and reads `history` with `ended: true`, as a
 * page opening an ended conversation does: one way for every page to learn of the end.
 */
export interface ConversationEnds {
  /** A socket of the conversation opened here; `end` closes it. Returns its removal. */
  track(conversationId: string, end: () => void): () => void;
  /** The conversation ended here (stored): its sockets close on every instance. */
  ended(conversationId: string): void;
}

export function createConversationEnds(bus: ClusterBus): ConversationEnds {
  const sockets = new Map<string, Set<() => void>>();

  function endHere(conversationId: string) {
    const ends = sockets.get(conversationId);
    sockets.delete(conversationId);
    for (const end of ends ?? []) end();
  }

  bus.on('conversation_ended', ({ conversationId }) => endHere(conversationId));

  return {
    track(conversationId, end) {
      let set = sockets.get(conversationId);
      if (!set) sockets.set(conversationId, (set = new Set()));
      set.add(end);
      return () => {
        set.delete(end);
        if (set.size === 0 && sockets.get(conversationId) === set) sockets.delete(conversationId);
      };
    },
    ended(conversationId) {
      // Sent even when no other instance has been heard from yet: one may be starting.
      bus.publish({ type: 'conversation_ended', conversationId }, { always: true });
      endHere(conversationId);
    },
  };
}
