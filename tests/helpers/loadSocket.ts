import type { IncomingMessage } from 'node:http';
import { performance } from 'node:perf_hooks';
import { WebSocket } from 'ws';
import type { ServerMessage } from '#shared/protocol';
import { GaveUp } from './bounded';
import { openConversationWebSocket } from './socketClient';

/** How long a load client waits for its socket to open. */
const OPEN_WAIT_MS = 30_000;
/** How long a load client waits for one frame before it gives up and says which. */
export const FRAME_WAIT_MS = 60_000;

/**
 * A lean conversation socket for load: frames are parsed and time-stamped on arrival, without
 * the schema validation the test client does (200 of those would compete with the server for
 * the same two cores). Shared by the concurrency and failover benchmarks and the failover test.
 */
export class LoadSocket {
  readonly frames: Array<{ at: number; frame: ServerMessage }> = [];
  /** Binary frames received (speech audio). */
  binaryFrames = 0;
  /** Called with every JSON frame as it arrives (after it is kept). */
  onFrame: ((frame: ServerMessage, at: number) => void) | null = null;
  private waiters: Array<() => void> = [];

  private constructor(
    readonly ws: WebSocket,
    /** Names the socket in a give-up message: its conversation. */
    readonly label: string,
    /** The upgrade's response headers (a load balancer may name the instance there). */
    readonly headers: IncomingMessage['headers'],
  ) {
    ws.on('message', (data, isBinary) => {
      if (isBinary) {
        this.binaryFrames++;
        return;
      }
      const at = performance.now();
      const frame = JSON.parse(data.toString()) as ServerMessage;
      this.frames.push({ at, frame });
      this.onFrame?.(frame, at);
      for (const wake of this.waiters.splice(0)) wake();
    });
    ws.on('close', () => {
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  static open(baseUrl: string, conversationId: string, cookie: string): Promise<LoadSocket> {
    const ws = openConversationWebSocket(baseUrl, conversationId, { cookie });
    return new Promise((resolve, reject) => {
      let headers: IncomingMessage['headers'] = {};
      ws.once('upgrade', (res) => {
        headers = res.headers;
      });
      const timer = setTimeout(() => {
        ws.terminate();
        reject(new GaveUp(`conversation ${conversationId}: its socket to open`, OPEN_WAIT_MS));
      }, OPEN_WAIT_MS);
      ws.once('open', () => {
        clearTimeout(timer);
        resolve(new LoadSocket(ws, conversationId, headers));
      });
      ws.once('unexpected-response', (_req, res) => {
        clearTimeout(timer);
        reject(
          new Error(`conversation ${conversationId}: upgrade refused, HTTP ${res.statusCode}`),
        );
      });
      ws.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
  }

  /**
   * The first frame from index `from` on that matches, with its arrival time. Gives up after
   * `timeoutMs`, naming the conversation and the frame type it waited for.
   */
  async next<T extends ServerMessage['type']>(
    type: T,
    from: number,
    predicate: (frame: Extract<ServerMessage, { type: T }>) => boolean = () => true,
    timeoutMs = FRAME_WAIT_MS,
  ): Promise<{ at: number; frame: Extract<ServerMessage, { type: T }> }> {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const found = this.frames
        .slice(from)
        .find((f) => f.frame.type === type && predicate(f.frame as never));
      if (found) return found as { at: number; frame: Extract<ServerMessage, { type: T }> };
      if (this.ws.readyState === WebSocket.CLOSED) {
        throw new Error(
          `conversation ${this.label}: socket closed waiting for ${type} (${this.receivedSince(from)})`,
        );
      }
      const left = deadline - performance.now();
      if (left <= 0) {
        throw new GaveUp(
          `conversation ${this.label}: a '${type}' frame (${this.receivedSince(from)})`,
          timeoutMs,
        );
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** What arrived since `from`, errors with their code and sentence: what a hang looked like. */
  private receivedSince(from: number): string {
    const seen = this.frames
      .slice(from)
      .map((f) =>
        f.frame.type === 'error' ? `error ${f.frame.code}: ${f.frame.message}` : f.frame.type,
      );
    return `received since: ${seen.join(', ') || 'nothing'}`;
  }

  /** The error frames received: what the user was shown. */
  errorFrames(): Array<Extract<ServerMessage, { type: 'error' }>> {
    return this.frames.flatMap((f) => (f.frame.type === 'error' ? [f.frame] : []));
  }

  errors(): number {
    return this.errorFrames().length;
  }

  /** Closes the socket; a socket that does not close within a few seconds is terminated. */
  close(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.ws.terminate(), 5_000);
      this.ws.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
      this.ws.close();
    });
  }
}
