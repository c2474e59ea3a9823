import { create } from 'zustand';
import { CONVERSATION_TEXT } from '#shared/text';
import { newClientId } from '../../lib/clientId';
import { conversationConnection as connection } from '../../lib/conversationConnection';
import type { SocketStatus } from '../../lib/socket';
import { checkConversation } from './api/checkConversation';
import {
  applyCancel,
  applyServerMessage,
  applyTurnSent,
  emptyChat,
  type ChatSnapshot,
} from './chatState';

/** After this many failed connects in a row, ask over HTTP whether the session still exists. */
const PROBE_EVERY = 3;
/** A reply that has sent nothing for this long is given up on, so the composer never locks. */
const REPLY_TIMEOUT_MS = 90_000;

interface ChatState extends ChatSnapshot {
  conversationId: string | null;
  connection: SocketStatus | 'idle';
  connect: (conversationId: string) => void;
  disconnect: () => void;
  sendTurn: (text: string, stream: boolean) => void;
  retryTurn: (clientId: string) => void;
  discardTurn: (clientId: string) => string | null;
  /** Feedback exists: nothing more can be said in this conversation. */
  markEnded: () => void;
  dismissNotice: () => void;
  /** Voice mode cancelled the running reply (barge-in or stop). */
  replyCancelled: () => void;
}

let replyTimer: ReturnType<typeof setTimeout> | null = null;
/** Stops listening to the conversation the store last connected to. */
let unsubscribe: (() => void) | null = null;

export const useChatStore = create<ChatState>()((set, get) => {
  const flushPending = () => {
    const state = get();
    if (!state.historyLoaded || state.ended) return;
    for (const turn of state.pending) {
      if (turn.status !== 'sending') continue;
      // Same clientId on every resend: the server stores a turn once however often it hears it.
      connection.send({
        type: 'turn',
        clientId: turn.clientId,
        text: turn.text,
        stream: turn.stream,
      });
    }
    // A stored turn whose reply died with the instance answering it: answered now (see
    // ChatSnapshot.unanswered).
    const unanswered = state.unanswered;
    if (unanswered) {
      connection.send({
        type: 'turn',
        clientId: unanswered.clientId,
        text: unanswered.text,
        stream: unanswered.stream,
      });
    }
  };

  const watchReply = () => {
    if (replyTimer !== null) clearTimeout(replyTimer);
    replyTimer = null;
    if (!get().awaitingReply || get().connection !== 'open') return;
    replyTimer = setTimeout(() => {
      set((state) => ({
        awaitingReply: false,
        streaming: null,
        pending: state.pending.map((turn) =>
          turn.status === 'sending'
            ? { ...turn, status: 'failed', error: CONVERSATION_TEXT.noReply }
            : turn,
        ),
        notice: state.pending.length > 0 ? state.notice : CONVERSATION_TEXT.noReply,
      }));
    }, REPLY_TIMEOUT_MS);
  };

  return {
    ...emptyChat,
    conversationId: null,
    connection: 'idle',

    connect: (conversationId) => {
      if (get().conversationId === conversationId && connection.holdsSocket) return;
      get().disconnect();
      set({ ...emptyChat, conversationId, connection: 'connecting' });
      const current = connection.subscribe({
        onMessage: (message) => {
          set((state) => applyServerMessage(state, message));
          if (message.type === 'history') flushPending();
          watchReply();
        },
        onSpeech: () => watchReply(),
        onStatus: (status: SocketStatus) => {
          set(
            status === 'open'
              ? { connection: status }
              : { connection: status, historyLoaded: false },
          );
          watchReply();
        },
        // Voice mode cancelled the running reply (barge-in or stop).
        onSent: (message) => {
          if (message.type === 'cancel') get().replyCancelled();
        },
        onRejected: ({ code }) => {
          console.warn('Conversation socket refused', code);
          set({ notice: CONVERSATION_TEXT.gone, awaitingReply: false, streaming: null });
        },
        onConnectFailed: (failures) => {
          if (failures % PROBE_EVERY !== 0) return;
          void checkConversation(conversationId).then((result) => {
            if (unsubscribe !== current || result !== 'gone') return;
            connection.close();
            set({ notice: CONVERSATION_TEXT.gone, awaitingReply: false, streaming: null });
          });
        },
      });
      unsubscribe = current;
      connection.connect(conversationId);
    },

    disconnect: () => {
      unsubscribe?.();
      unsubscribe = null;
      connection.disconnect();
      if (replyTimer !== null) clearTimeout(replyTimer);
      replyTimer = null;
      set({ ...emptyChat, conversationId: null, connection: 'idle' });
    },

    sendTurn: (text, stream) => {
      const turn = { clientId: newClientId(), text, stream };
      set((state) => applyTurnSent(state, turn));
      // Before the history replay the turn waits; flushPending sends it once the replay is in.
      if (get().historyLoaded)
        connection.send({ type: 'turn', clientId: turn.clientId, text, stream });
      watchReply();
    },

    retryTurn: (clientId) => {
      const turn = get().pending.find((t) => t.clientId === clientId);
      if (!turn) return;
      set((state) => ({
        pending: state.pending.map((t) =>
          t.clientId === clientId ? { ...t, status: 'sending', error: null } : t,
        ),
        awaitingReply: true,
        notice: null,
      }));
      if (get().historyLoaded) {
        connection.send({ type: 'turn', clientId, text: turn.text, stream: turn.stream });
      }
      watchReply();
    },

    discardTurn: (clientId) => {
      const turn = get().pending.find((t) => t.clientId === clientId);
      set((state) => ({ pending: state.pending.filter((t) => t.clientId !== clientId) }));
      return turn?.text ?? null;
    },

    markEnded: () => {
      connection.end();
      set({ ended: true, awaitingReply: false, streaming: null });
    },

    dismissNotice: () => set({ notice: null }),

    replyCancelled: () => {
      set((state) => applyCancel(state));
      watchReply();
    },
  };
});
