import { create } from 'zustand';
import { CONVERSATION_TEXT } from '../../../../shared/text';
import { newClientId } from '../../lib/clientId';
import type {
  ChannelListener,
  ChannelState,
  ConversationChannel,
} from '../../lib/conversationChannel';
import { ConversationSocket, type SocketStatus } from '../../lib/socket';
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
  /** Voice mode cancelled the running reply (barge-in or stop). */
  replyCancelled: () => void;
}

let socket: ConversationSocket | null = null;
let replyTimer: ReturnType<typeof setTimeout> | null = null;

/** Voice mode and dictation, listening on the chat's socket (see `conversationChannel`). */
const listeners = new Set<ChannelListener>();

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
          for (const listener of listeners) listener.onMessage?.(message);
        },
        onSpeech: (chunk) => {
          if (socket !== current) return;
          watchReply();
          for (const listener of listeners) listener.onSpeech?.(chunk);
        },
        onStatusChange: (connection) => {
          if (socket !== current) return;
          set(connection === 'open' ? { connection } : { connection, historyLoaded: false });
          watchReply();
        },
        onRejected: ({ code }) => {
          if (socket !== current) return;
          console.warn('Conversation socket refused', code);
          set({ notice: CONVERSATION_TEXT.gone, awaitingReply: false, streaming: null });
        },
        onConnectFailed: (failures) => {
          if (failures % PROBE_EVERY !== 0) return;
          void checkConversation(sessionId).then((result) => {
            if (socket !== current || result !== 'gone') return;
            current.close();
            set({ notice: CONVERSATION_TEXT.gone, awaitingReply: false, streaming: null });
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
      const turn = { clientId: newClientId(), text, stream };
      set((state) => applyTurnSent(state, turn));
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

    replyCancelled: () => {
      set((state) => applyCancel(state));
      watchReply();
    },
  };
});

function channelStateOf(state: ChatState): ChannelState {
  return {
    ready: state.connection === 'open' && state.historyLoaded && socket !== null,
    ended: state.ended,
    voice: state.voice,
  };
}

let lastChannelState = channelStateOf(useChatStore.getState());
useChatStore.subscribe((state) => {
  const next = channelStateOf(state);
  const before = lastChannelState;
  if (
    next.ready === before.ready &&
    next.ended === before.ended &&
    next.voice?.speech === before.voice?.speech &&
    next.voice?.transcription === before.voice?.transcription &&
    next.voice?.realtime === before.voice?.realtime
  ) {
    return;
  }
  lastChannelState = next;
  for (const listener of listeners) listener.onState?.(next);
});

/** The chat's socket, lent to voice mode and dictation (the page hands it to voice mode). */
export const conversationChannel: ConversationChannel = {
  getState: () => channelStateOf(useChatStore.getState()),
  send(message) {
    if (!socket || !conversationChannel.getState().ready) return false;
    if (message.type === 'cancel') useChatStore.getState().replyCancelled();
    return socket.send(message);
  },
  sendAudio(header, audio) {
    if (!socket || !conversationChannel.getState().ready) return false;
    return (
      socket.send({ type: 'audio', ...header, bytes: audio.byteLength }) && socket.sendBinary(audio)
    );
  },
  sendFrame(frame) {
    if (!socket || !conversationChannel.getState().ready) return false;
    return socket.sendBinary(frame);
  },
  subscribe(listener) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};
