import { WebSocket } from 'ws';
import { serverMessageSchema, type ClientMessageInput, type ServerMessage } from '#shared/protocol';

export interface SocketOptions {
  cookie?: string | null;
  origin?: string;
  /** The browser's languages, as its upgrade request names them. */
  acceptLanguage?: string;
}

/** Opens /ws/conversations/:id as a browser on `baseUrl` would (its Origin, its cookie). */
export function openConversationWebSocket(
  baseUrl: string,
  conversationId: string,
  options: SocketOptions = {},
): WebSocket {
  return new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws/conversations/${conversationId}`, {
    headers: {
      ...(options.cookie ? { cookie: options.cookie } : {}),
      origin: options.origin ?? baseUrl,
      ...(options.acceptLanguage ? { 'accept-language': options.acceptLanguage } : {}),
    },
  });
}

/** A conversation socket as a browser would open it, collecting every frame it receives. */
export class TestSocket {
  readonly frames: ServerMessage[] = [];
  /** Binary frames (speech audio), in arrival order. */
  readonly binaries: Buffer[] = [];
  private waiters: Array<() => void> = [];

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data, isBinary) => {
      if (isBinary) {
        this.binaries.push(data as Buffer);
        return;
      }
      // Validating here proves the server speaks the shared protocol.
      this.frames.push(serverMessageSchema.parse(JSON.parse(data.toString())));
      for (const wake of this.waiters.splice(0)) wake();
    });
    ws.on('close', () => {
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  static open(
    baseUrl: string,
    conversationId: string,
    options: SocketOptions = {},
  ): Promise<TestSocket> {
    const ws = openConversationWebSocket(baseUrl, conversationId, options);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new TestSocket(ws)));
      ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
      ws.once('error', reject);
    });
  }

  send(message: ClientMessageInput | Record<string, unknown>): void {
    this.ws.send(JSON.stringify(message));
  }

  sendRaw(data: string | Buffer): void {
    this.ws.send(data);
  }

  /** Resolves with the first frame (from `from` on) that matches; rejects if the socket closes. */
  async next<T extends ServerMessage['type']>(
    type: T,
    predicate: (frame: Extract<ServerMessage, { type: T }>) => boolean = () => true,
    from = 0,
  ): Promise<Extract<ServerMessage, { type: T }>> {
    for (;;) {
      const found = this.frames
        .slice(from)
        .find(
          (f): f is Extract<ServerMessage, { type: T }> => f.type === type && predicate(f as never),
        );
      if (found) return found;
      if (this.ws.readyState === WebSocket.CLOSED)
        throw new Error(`socket closed waiting for ${type}`);
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  close(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      this.ws.once('close', () => resolve());
      this.ws.close();
    });
  }
}

/** The HTTP status a refused upgrade answers with. */
export async function upgradeStatus(
  baseUrl: string,
  conversationId: string,
  options: SocketOptions = {},
): Promise<number> {
  try {
    const socket = await TestSocket.open(baseUrl, conversationId, options);
    await socket.close();
    return 101;
  } catch (error) {
    const match = /HTTP (\d+)/.exec(String(error));
    if (!match) throw error;
    return Number(match[1]);
  }
}
