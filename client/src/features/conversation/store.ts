import { create } from 'zustand';
import { ConversationSocket, type SocketStatus } from '../../lib/socket';
import { newClientId } from '../../lib/client-id';
import { checkConversation } from './api/check-conversation';
import { applyServerMessage, emptyChat, type ChatSnapshot } from './chat-state';

/** After this many failed connects in a row, ask over HTTP whether the session still exists. */
const PROBE_EVERY = 3;
/** A reply that has sent nothing for this long is given up on, so the composer never locks. */
const REPLY_TIMEOUT_MS = 90_000;
const NO_REPLY_TEXT = 'The patient did not answer. Please try sending your message again.';
const REJECTED_TEXT = 'This conversation is no longer available. Please go back to the dashboard.';

interface ChatState extends ChatSnapshot {
  sessionId: string | null;
  connection: SocketStatus | 'idle';
  connect: (sessionId: string) => void;
  disconnect: () => void;
  sendTurn: (text: string, stream: boolean) => void;
  retryTurn: (clientId: string) => void;
  discardTurn: (clientId: string) => string | null;
  /** Feedback exists: nothing more can be said in this conversation. */
  markEnded: () => void;
  dismissNotice: () => void;
}

let socket: ConversationSocket | null = null;
let replyTimer: ReturnType<typeof setTimeout> | null = null;

export const useChatStore = create<ChatState>()((set, get) => {
  const flushPending = () => {
    const state = get();
    if (!socket || !state.historyLoaded || state.ended) return;
    for (const turn of state.pending) {
      if (turn.status !== 'sending') continue;
      // Same clientId on every resend: the server stores a turn once however often it hears it.
      socket.send({ type: 'turn', clientId: turn.clientId, text: turn.text, stream: turn.stream });
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
          turn.status === 'sending' ? { ...turn, status: 'failed', error: NO_REPLY_TEXT } : turn,
        ),
        notice: state.pending.length > 0 ? state.notice : NO_REPLY_TEXT,
      }));
    }, REPLY_TIMEOUT_MS);
  };

  return {
    ...emptyChat,
    sessionId: null,
    connection: 'idle',

    connect: (sessionId) => {
      if (get().sessionId === sessionId && socket) return;
      get().disconnect();
      set({ ...emptyChat, sessionId, connection: 'connecting' });
      const current = new ConversationSocket(sessionId, {
        onMessage: (message) => {
          if (socket !== current) return;
          set((state) => applyServerMessage(state, message));
          if (message.type === 'history') flushPending();
          watchReply();
        },
        onStatusChange: (connection) => {
          if (socket !== current) return;
          set(connection === 'open' ? { connection } : { connection, historyLoaded: false });
          watchReply();
        },
        onRejected: ({ code }) => {
          if (socket !== current) return;
          console.warn('Conversation socket refused', code);
          set({ notice: REJECTED_TEXT, awaitingReply: false, streaming: null });
        },
        onConnectFailed: (failures) => {
          if (failures % PROBE_EVERY !== 0) return;
          void checkConversation(sessionId).then((result) => {
            if (socket !== current || result !== 'gone') return;
            current.close();
            set({ notice: REJECTED_TEXT, awaitingReply: false, streaming: null });
          });
        },
      });
      socket = current;
      current.open();
    },

    disconnect: () => {
      socket?.close();
      socket = null;
      if (replyTimer !== null) clearTimeout(replyTimer);
      replyTimer = null;
      set({ ...emptyChat, sessionId: null, connection: 'idle' });
    },

    sendTurn: (text, stream) => {
      const turn = {
        clientId: newClientId(),
        text,
        stream,
        status: 'sending',
        error: null,
      } as const;
      set((state) => ({ pending: [...state.pending, turn], awaitingReply: true, notice: null }));
      // Before the history replay the turn waits; flushPending sends it once the replay is in.
      if (get().historyLoaded && socket) {
        socket.send({ type: 'turn', clientId: turn.clientId, text, stream });
      }
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
      if (get().historyLoaded && socket) {
        socket.send({ type: 'turn', clientId, text: turn.text, stream: turn.stream });
      }
      watchReply();
    },

    discardTurn: (clientId) => {
      const turn = get().pending.find((t) => t.clientId === clientId);
      set((state) => ({ pending: state.pending.filter((t) => t.clientId !== clientId) }));
      return turn?.text ?? null;
    },

    markEnded: () => {
      socket?.close();
      socket = null;
      set({ ended: true, awaitingReply: false, streaming: null });
    },

    dismissNotice: () => set({ notice: null }),
  };
});
