import { ServerResponse, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * Answers a raw upgrade socket with a plain HTTP status and closes it. Used for every upgrade
 * the gateway does not take: left unanswered, such a socket would hold a descriptor (and
 * shutdown) until the client gave up.
 */
export function refuseUpgrade(socket: Duplex, status: number, reason: string): void {
  if (socket.destroyed) return;
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: text/plain\r\n` +
      `Content-Length: ${Buffer.byteLength(reason)}\r\n\r\n${reason}`,
  );
}

/**
 * An upgrade to somewhere other than a conversation socket. A WebSocket there is simply not
 * found. Any other protocol (curl --http2 asks for `h2c`) may be refused, so a bodiless GET or
 * HEAD is answered as the plain HTTP/1.1 request it also is, on a connection that then closes;
 * anything else gets 400.
 */
export function answerOtherUpgrade(server: Server, req: IncomingMessage, socket: Duplex): void {
  const protocol = (req.headers.upgrade ?? '').toLowerCase();
  if (protocol === 'websocket') return refuseUpgrade(socket, 404, 'Not Found');
  const bodiless =
    req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined;
  if (!(req.method === 'GET' || req.method === 'HEAD') || !bodiless) {
    return refuseUpgrade(socket, 400, 'Bad Request');
  }
  const res = new ServerResponse(req);
  res.shouldKeepAlive = false;
  res.assignSocket(socket as Parameters<ServerResponse['assignSocket']>[0]);
  res.on('finish', () => socket.end());
  server.emit('request', req, res);
}
