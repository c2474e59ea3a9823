import type { ClientMessageInput, ServerMessage } from '#shared/protocol';
import type {
  ChannelListener,
  ChannelState,
  ConversationChannel,
  VoiceCapabilities,
} from './conversationChannel';
import { ConversationSocket, type SocketStatus } from './socket';

/** What the page's features hear of the connection besides the channel's messages. */
export interface ConnectionListener extends ChannelListener {
  /** The socket's status changed (connecting, open, reconnecting, closed). */
  onStatus?(status: SocketStatus): void;
  /** A JSON frame went out (whoever sent it): the chat shows a cancel's effect. */
  onSent?(message: ClientMessageInput): void;
  /** The server refused the socket for good. */
  onRejected?(info: { code: number; reason: string }): void;
  /** An attempt ended before the socket opened; `failures` counts them in a row. */
  onConnectFailed?(failures: number): void;
}

/**
 * The open conversation's one socket, owned here: it connects, heals drops (the socket does,
 * with backoff) and hands every frame to whoever listens. The chat, voice mode and dictation
 * all listen and send through it, so there is one connection and one turn at a time on the
 * server; no feature owns it, so audio never passes through a feature's state.
 */
export class ConversationConnection implements ConversationChannel {
  private socket: ConversationSocket | null = null;
  private current: string | null = null;
  private status: SocketStatus | 'idle' = 'idle';
  private historyLoaded = false;
  private ended = false;
  private voice: VoiceCapabilities | null = null;
  private readonly listeners = new Set<ConnectionListener>();
  private lastState: ChannelState = this.getState();

  /** The conversation connected (or being connected), if any. */
  get conversationId(): string | null {
    return this.current;
  }

  /** A socket is held for the conversation (false once it ended or was disconnected). */
  get holdsSocket(): boolean {
    return this.socket !== null;
  }

  /** Opens the conversation's socket (a no-op when it is already the open one). */
  connect(conversationId: string): void {
    if (this.current === conversationId && this.socket) return;
    this.disconnect();
    this.current = conversationId;
    const socket = new ConversationSocket(conversationId, {
      onMessage: (message) => {
        if (this.socket === socket) this.receive(message);
      },
      onSpeech: (chunk) => {
        if (this.socket === socket) this.emit((l) => l.onSpeech?.(chunk));
      },
      onStatusChange: (status) => {
        if (this.socket !== socket) return;
        this.status = status;
        if (status !== 'open') this.historyLoaded = false;
        this.emit((l) => l.onStatus?.(status));
        this.stateChanged();
      },
      onRejected: (info) => {
        if (this.socket === socket) this.emit((l) => l.onRejected?.(info));
      },
      onConnectFailed: (failures) => {
        if (this.socket === socket) this.emit((l) => l.onConnectFailed?.(failures));
      },
    });
    this.socket = socket;
    this.status = 'connecting';
    this.stateChanged();
    socket.open();
  }

  /** Closes the socket and forgets the conversation. */
  disconnect(): void {
    this.socket?.close();
    this.socket = null;
    this.current = null;
    this.status = 'idle';
    this.historyLoaded = false;
    this.ended = false;
    this.voice = null;
    this.stateChanged();
  }

  /** Stops the socket for good (the conversation is gone); the conversation stays current. */
  close(): void {
    this.socket?.close();
  }

  /** The conversation is over (feedback exists): the socket closes and stays closed. */
  end(): void {
    this.socket?.close();
    this.socket = null;
    this.ended = true;
    this.stateChanged();
  }

  getState(): ChannelState {
    return {
      ready: this.status === 'open' && this.historyLoaded && this.socket !== null,
      ended: this.ended,
      voice: this.voice,
    };
  }

  send(message: ClientMessageInput): boolean {
    if (!this.socket || !this.getState().ready) return false;
    const sent = this.socket.send(message);
    if (sent) this.emit((l) => l.onSent?.(message));
    return sent;
  }

  sendFrame(frame: Uint8Array): boolean {
    if (!this.socket || !this.getState().ready) return false;
    return this.socket.sendBinary(frame);
  }

  subscribe(listener: ConnectionListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  private receive(message: ServerMessage): void {
    if (message.type === 'history') {
      this.historyLoaded = true;
      this.ended = message.ended;
      this.voice = message.voice;
    } else if (message.type === 'error' && message.code === 'conflict:ended') {
      this.ended = true;
    }
    // Readiness first, as the chat's history makes it: a listener hearing the history finds
    // the channel ready.
    this.stateChanged();
    this.emit((l) => l.onMessage?.(message));
  }

  private emit(call: (listener: ConnectionListener) => void): void {
    for (const listener of [...this.listeners]) call(listener);
  }

  /** Tells listeners when readiness, the end or the server's voice changed. */
  private stateChanged(): void {
    const next = this.getState();
    const before = this.lastState;
    if (
      next.ready === before.ready &&
      next.ended === before.ended &&
      next.voice?.speech === before.voice?.speech &&
      next.voice?.transcription === before.voice?.transcription &&
      next.voice?.realtime === before.voice?.realtime
    ) {
      return;
    }
    this.lastState = next;
    this.emit((l) => l.onState?.(next));
  }
}

/** The page's one conversation connection. */
export const conversationConnection = new ConversationConnection();
