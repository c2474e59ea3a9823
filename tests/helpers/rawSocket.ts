import { WebSocket } from 'ws';
import { MAX_MESSAGE_CHARS } from '#shared/conversation';
import { serverMessageSchema, type ServerMessage } from '#shared/protocol';
import { openConversationWebSocket, type SocketOptions } from './socketClient';

/**
 * A conversation socket for tests that judge what the server sends rather than trust it: every
 * text frame is kept as it arrived (a frame that breaks the shared protocol is kept as null, not
 * thrown), and a refused upgrade reports its status and body instead of failing.
 */

export type Upgrade =
  { status: 101; body: ''; socket: RawSocket } | { status: number; body: string; socket: null };

let probeCount = 0;

/**
 * The server settings `probe` needs: a message limit one below the protocol's, so a turn of the
 * protocol's longest text passes the shared schema and is refused by the server, after its
 * admission, at no cost.
 */
export const PROBE_ENV = { MAX_MESSAGE_CHARS: String(MAX_MESSAGE_CHARS - 1) };
const PROBE_TEXT = 'a'.repeat(MAX_MESSAGE_CHARS);

export class RawSocket {
  /** Text frames exactly as received. */
  readonly texts: string[] = [];
  /** The same frames parsed by the shared protocol; null where one did not parse. */
  readonly frames: Array<ServerMessage | null> = [];
  readonly binaries: Buffer[] = [];
  closed: { code: number; reason: string } | null = null;
  private waiters = new Set<() => void>();

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data, isBinary) => {
      if (isBinary) {
        this.binaries.push(data as Buffer);
      } else {
        const text = data.toString();
        this.texts.push(text);
        let parsed: ServerMessage | null = null;
        try {
          const result = serverMessageSchema.safeParse(JSON.parse(text));
          parsed = result.success ? result.data : null;
        } catch {
          parsed = null;
        }
        this.frames.push(parsed);
      }
      this.wake();
    });
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
      this.wake();
    });
    ws.on('error', () => undefined);
  }

  static connect(
    baseUrl: string,
    conversationId: string,
    options: SocketOptions = {},
  ): Promise<Upgrade> {
    const ws = openConversationWebSocket(baseUrl, conversationId, options);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve({ status: 101, body: '', socket: new RawSocket(ws) }));
      ws.once('unexpected-response', (_req, res) => {
        const parts: Buffer[] = [];
        res.on('data', (part: Buffer) => parts.push(part));
        res.on('end', () => {
          ws.terminate();
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(parts).toString(),
            socket: null,
          });
        });
      });
      ws.once('error', reject);
    });
  }

  get open(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  sendBinary(bytes: Buffer | Uint8Array): void {
    this.ws.send(bytes, { binary: true });
  }

  /**
   * Index of the first parsed frame at or after `from` that matches. Rejects if the socket
   * closes, or after `timeoutMs` with nothing matching (a failure to report, not to hang on).
   */
  async waitFor(
    predicate: (frame: ServerMessage) => boolean,
    from = 0,
    timeoutMs = 10_000,
  ): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      for (let i = from; i < this.frames.length; i++) {
        const frame = this.frames[i];
        if (frame && predicate(frame)) return i;
      }
      if (this.closed) {
        throw new Error(`socket closed (${this.closed.code} ${this.closed.reason}) while waiting`);
      }
      const left = deadline - Date.now();
      if (left <= 0) {
        const last = this.texts.slice(-3).map((t) => t.slice(0, 200));
        throw new Error(`no matching frame within ${timeoutMs} ms; last: ${last.join(' | ')}`);
      }
      let timer: NodeJS.Timeout | undefined;
      await new Promise<void>((resolve) => {
        this.waiters.add(resolve);
        timer = setTimeout(resolve, left);
      });
      clearTimeout(timer);
    }
  }

  /**
   * A round trip that tells what the socket is doing, costs nothing and stores nothing (on a
   * server started with PROBE_ENV): a turn longer than the server takes. The controller answers
   * it at once, in frame order, after the turn admission: 'conflict:busy' while a turn runs or a
   * spoken utterance streams, 'conflict:ended' on an ended conversation, otherwise
   * 'bad_request:message'. Every frame sent before it has been dispatched when its answer
   * arrives.
   */
  async probe(): Promise<{ code: string; index: number; clientId: string }> {
    const clientId = `probe-${++probeCount}`;
    this.send({ type: 'turn', clientId, text: PROBE_TEXT, stream: false });
    const index = await this.waitFor((f) => f.type === 'error' && f.clientId === clientId);
    const frame = this.frames[index] as Extract<ServerMessage, { type: 'error' }>;
    return { code: frame.code, index, clientId };
  }

  /**
   * Probes until no turn is running. Between probes it waits for the turn to say something, or
   * 5 ms at most: a turn can also end without a word (cancelled before its first token, or a
   * resent turn already answered), and then only the next probe can tell.
   */
  async settle(): Promise<number> {
    for (;;) {
      const { code, index } = await this.probe();
      if (code !== 'conflict:busy') return index;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        this.waitFor((f) => !RawSocket.isProbeAnswer(f), index + 1).catch(() => undefined),
        new Promise<void>((resolve) => (timer = setTimeout(resolve, 5))),
      ]);
      clearTimeout(timer);
    }
  }

  /** True for the answers `probe` itself caused. */
  static isProbeAnswer(frame: ServerMessage | null): boolean {
    return frame?.type === 'error' && (frame.clientId?.startsWith('probe-') ?? false);
  }

  close(): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      this.ws.once('close', () => resolve());
      this.ws.close();
    });
  }

  private wake() {
    const waiters = [...this.waiters];
    this.waiters.clear();
    for (const wake of waiters) wake();
  }
}
