import {
  clientMessageSchema,
  serverMessageSchema,
  type ClientMessageInput,
  type ServerMessage,
} from '#shared/protocol';
import type { SpeechChunk } from './audio/speechQueue';
import { reconnectDelayMs } from './reconnectBackoff';

/**
 * `closed` is final: we closed it, or the server refused us for good (see PERMANENT_CLOSE).
 * Everything else heals by itself.
 */
export type SocketStatus = 'connecting' | 'open' | 'reconnecting' | 'closed';

type SpeechHeader = Extract<ServerMessage, { type: 'speech' }>;

export interface ConversationSocketHandlers {
  /** Every JSON frame except `speech`, which arrives whole through `onSpeech`. */
  onMessage: (message: ServerMessage) => void;
  onStatusChange?: (status: SocketStatus) => void;
  /** A `speech` header together with the binary frame that followed it (`data` null if none). */
  onSpeech?: (chunk: SpeechChunk) => void;
  /** The server refused the socket for good (signed out, not your session...). */
  onRejected?: (info: { code: number; reason: string }) => void;
  /** An attempt ended before the socket ever opened; `failures` counts them in a row. */
  onConnectFailed?: (failures: number) => void;
}

/** 1008 (policy) and the application range mean "do not come back", anything else is a blip. */
function isPermanentClose(code: number): boolean {
  return code === 1008 || (code >= 4000 && code <= 4999);
}

export function conversationSocketUrl(
  conversationId: string,
  location: Location = window.location,
) {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/ws/conversations/${encodeURIComponent(conversationId)}`;
}

/**
 * One socket per open conversation. Drops are healed with capped exponential backoff; the
 * server replays the stored messages (`history`) on every connect, so callers re-render from
 * that and resend whatever was still pending.
 */
export class ConversationSocket {
  private socket: WebSocket | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private attempts = 0;
  private stopped = false;
  private currentStatus: SocketStatus = 'connecting';
  /** A `speech` header whose audio is the next binary frame. */
  private speechHeader: SpeechHeader | null = null;
  private readonly conversationId: string;
  private readonly handlers: ConversationSocketHandlers;

  constructor(conversationId: string, handlers: ConversationSocketHandlers) {
    this.conversationId = conversationId;
    this.handlers = handlers;
  }

  get status(): SocketStatus {
    return this.currentStatus;
  }

  get isOpen(): boolean {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  open(): void {
    this.stopped = false;
    window.addEventListener('online', this.retryNow);
    document.addEventListener('visibilitychange', this.retryNow);
    this.connect();
  }

  /** Sends one JSON frame; false when the socket is not open (the caller keeps it pending). */
  send(message: ClientMessageInput): boolean {
    const frame = clientMessageSchema.parse(message);
    if (!this.isOpen || !this.socket) return false;
    this.socket.send(JSON.stringify(frame));
    return true;
  }

  /** WebSocket keeps one queue for text and binary frames, so these stay in order with `send`. */
  sendBinary(data: ArrayBuffer | ArrayBufferView | Blob): boolean {
    if (!this.isOpen || !this.socket) return false;
    this.socket.send(data);
    return true;
  }

  close(): void {
    this.stopped = true;
    window.removeEventListener('online', this.retryNow);
    document.removeEventListener('visibilitychange', this.retryNow);
    this.clearRetry();
    const socket = this.socket;
    this.socket = null;
    if (socket && socket.readyState <= WebSocket.OPEN) socket.close(1000, 'client closed');
    this.setStatus('closed');
  }

  private connect(): void {
    this.clearRetry();
    this.setStatus(this.attempts === 0 ? 'connecting' : 'reconnecting');
    let socket: WebSocket;
    try {
      socket = new WebSocket(conversationSocketUrl(this.conversationId));
    } catch (error) {
      console.error('Could not open the conversation socket', error);
      this.scheduleRetry();
      return;
    }
    socket.binaryType = 'arraybuffer';
    this.socket = socket;
    // A header whose bytes were lost with the last connection must not claim the next audio.
    this.speechHeader = null;

    socket.addEventListener('open', () => {
      if (this.socket !== socket) return;
      this.attempts = 0;
      this.setStatus('open');
    });
    socket.addEventListener('message', (event: MessageEvent<unknown>) => {
      if (this.socket !== socket) return;
      this.receive(event.data);
    });
    let opened = false;
    socket.addEventListener('open', () => {
      opened = true;
    });
    socket.addEventListener('close', (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.stopped) return;
      if (!opened) this.handlers.onConnectFailed?.(this.attempts + 1);
      if (isPermanentClose(event.code)) {
        this.stopped = true;
        this.setStatus('closed');
        this.handlers.onRejected?.({ code: event.code, reason: event.reason });
        return;
      }
      this.scheduleRetry();
    });
  }

  private receive(data: unknown): void {
    if (data instanceof ArrayBuffer) {
      const header = this.speechHeader;
      this.speechHeader = null;
      if (header) this.emitSpeech(header, data);
      return;
    }
    if (typeof data !== 'string') return;
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      console.warn('Ignored a conversation frame that is not JSON');
      return;
    }
    const parsed = serverMessageSchema.safeParse(json);
    if (!parsed.success) {
      console.warn('Ignored an unknown conversation frame', parsed.error);
      return;
    }
    const message = parsed.data;
    if (message.type !== 'speech') {
      this.handlers.onMessage(message);
      return;
    }
    // Audio travels as a JSON header announcing its size, then the bytes as one binary frame.
    this.speechHeader = null;
    if (message.bytes > 0) this.speechHeader = message;
    else this.emitSpeech(message, null);
  }

  private emitSpeech(header: SpeechHeader, data: ArrayBuffer | null): void {
    const { replyId, seq, text, mime, final } = header;
    this.handlers.onSpeech?.({ replyId, seq, text, mime, final, data });
  }

  private scheduleRetry(): void {
    this.attempts += 1;
    this.setStatus('reconnecting');
    const delay = reconnectDelayMs(this.attempts, Math.random());
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  private clearRetry(): void {
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  /** Coming back online or back to the tab is a good moment to skip the rest of the wait. */
  private readonly retryNow = (): void => {
    if (this.stopped || this.retryTimer === null) return;
    if (document.visibilityState === 'hidden') return;
    this.connect();
  };

  private setStatus(status: SocketStatus): void {
    if (status === this.currentStatus) return;
    this.currentStatus = status;
    this.handlers.onStatusChange?.(status);
  }
}
