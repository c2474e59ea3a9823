import type { ClusterBus } from './bus';

/**
 * The conversation sockets open on this instance, by conversation, so that a conversation that
 * ends (its feedback stored, on whichever instance) tells all of them, here and on every other
 * instance: each gets `history` with `ended: true`, the frame a page opening an ended
 * conversation gets, so every page learns of the end one way. The socket stays open; a turn
 * sent on it anyway is refused by the database (conflict:ended), as before.
 */
export interface ConversationEnds {
  /** A socket of the conversation opened here; `end` tells it. Returns its removal. */
  track(conversationId: string, end: () => void): () => void;
  /** The conversation ended here (stored): its sockets are told on every instance. */
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
