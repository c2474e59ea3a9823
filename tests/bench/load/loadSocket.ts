import { performance } from 'node:perf_hooks';
import { WebSocket } from 'ws';
import type { ServerMessage } from '#shared/protocol';
import { openConversationWebSocket } from '../../helpers/socketClient';

/** The longest a load client waits for one frame before it gives up on its conversation. */
export const FRAME_WAIT_MS = 60_000;

/**
 * A lean conversation socket for load: frames are parsed and time-stamped on arrival, without
 * the schema validation the test client does (hundreds of those would compete with the server
 * for the same two cores). Every wait is bounded, and says what it waited for when it gives up.
 */
export class LoadSocket {
  readonly frames: Array<{ at: number; frame: ServerMessage }> = [];
  /** Binary frames received (speech audio). */
  binaryFrames = 0;
  private waiters: Array<() => void> = [];

  private constructor(
    readonly ws: WebSocket,
    readonly conversationId: string,
  ) {
    ws.on('message', (data, isBinary) => {
      if (isBinary) {
        this.binaryFrames++;
        return;
      }
      this.frames.push({ at: performance.now(), frame: JSON.parse(data.toString()) });
      this.wake();
    });
    ws.on('close', () => this.wake());
  }

  static open(baseUrl: string, conversationId: string, cookie: string): Promise<LoadSocket> {
    const ws = openConversationWebSocket(baseUrl, conversationId, { cookie });
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        ws.terminate();
        reject(new Error(`conversation ${conversationId}: the socket did not open in 30 s`));
      }, 30_000);
      ws.once('open', () => {
        clearTimeout(timer);
        resolve(new LoadSocket(ws, conversationId));
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

  private wake(): void {
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** The first frame from index `from` on that matches, with its arrival time. */
  async next<T extends ServerMessage['type']>(
    type: T,
    from: number,
    predicate: (frame: Extract<ServerMessage, { type: T }>) => boolean = () => true,
    timeoutMs = FRAME_WAIT_MS,
  ): Promise<{ at: number; frame: Extract<ServerMessage, { type: T }> }> {
    const deadline = performance.now() + timeoutMs;
    let scanned = from;
    for (;;) {
      for (; scanned < this.frames.length; scanned++) {
        const found = this.frames[scanned]!;
        if (found.frame.type === type && predicate(found.frame as never)) {
          return found as { at: number; frame: Extract<ServerMessage, { type: T }> };
        }
      }
      if (this.ws.readyState === WebSocket.CLOSED) {
        throw new Error(`${this.describe(from)}: the socket closed while waiting for ${type}`);
      }
      const left = deadline - performance.now();
      if (left <= 0) {
        throw new Error(
          `${this.describe(from)}: gave up after ${timeoutMs / 1000} s waiting for ${type}`,
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

  /** Which conversation, and the frames it did receive since `from`: what a hang looked like. */
  private describe(from: number): string {
    const seen = this.frames
      .slice(from)
      .map((f) =>
        f.frame.type === 'error' ? `error ${f.frame.code}: ${f.frame.message}` : f.frame.type,
      );
    return `conversation ${this.conversationId} (received since: ${seen.join(', ') || 'nothing'})`;
  }

  errors(): ServerMessage[] {
    return this.frames.filter((f) => f.frame.type === 'error').map((f) => f.frame);
  }

  close(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.ws.terminate();
        resolve();
      }, 5_000);
      this.ws.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
      this.ws.close();
    });
  }
}
