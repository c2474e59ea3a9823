import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { uuidSchema } from '../../shared/api';
import { clientMessageSchema, type ClientMessage, type ServerMessage } from '../../shared/protocol';
import { userFromRequest } from '../auth/guard';
import { getConversationForUser } from '../db/conversations';
import { listMessagesBySession } from '../db/messages';
import { getScenarioRecordById } from '../db/scenarios';
import { isAllowedOrigin } from '../http/origin';
import type { ScenarioRecord } from '../ai/types';
import type { SessionUser } from '../auth/sessions';
import type { Services } from '../services';
import { runTurn } from '../conversations/runTurn';

const PATH = /^\/ws\/conversations\/([^/?#]+)$/;
const HEARTBEAT_MS = 30_000;
// Audio utterances are the largest frames (issue limit 1 MB); leave room for the header.
const MAX_FRAME_BYTES = 1_100_000;

export interface Gateway {
  /** Aborts running turns, closes every socket (1001 going away) and stops accepting. */
  close(): Promise<void>;
  connections(): number;
}

function refuse(socket: Duplex, status: number, reason: string) {
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: text/plain\r\n` +
      `Content-Length: ${Buffer.byteLength(reason)}\r\n\r\n${reason}`,
  );
}

export function attachConversationGateway(server: Server, services: Services): Gateway {
  const { db, logger, config } = services;
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    const match = PATH.exec(path);
    // Not ours (e.g. Vite's hot-reload socket in dev): leave it to the other listener.
    if (!match) return;
    socket.on('error', () => socket.destroy());
    void (async () => {
      if (!isAllowedOrigin(req, config.allowedOrigins)) return refuse(socket, 403, 'Forbidden');
      const user = await userFromRequest(services, req);
      if (!user) return refuse(socket, 401, 'Unauthorized');
      const id = uuidSchema.safeParse(decodeURIComponent(match[1]!));
      const session = id.success
        ? await getConversationForUser(db, { id: id.data, userId: user.id })
        : null;
      if (!session) return refuse(socket, 404, 'Not Found');
      wss.handleUpgrade(req, socket, head, (ws) => {
        void onConnection(ws, user, session.id, session.scenarioId, session.endedAt !== null);
      });
    })().catch((error: unknown) => {
      logger.error('ws.upgrade_failed', { error });
      refuse(socket, 503, 'Service Unavailable');
    });
  });

  const running = new Set<AbortController>();

  async function onConnection(
    ws: WebSocket,
    user: SessionUser,
    sessionId: string,
    scenarioId: string,
    ended: boolean,
  ) {
    const send = (message: ServerMessage) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
    };
    // History goes out first; frames that arrive meanwhile wait for it, in order.
    const ready = listMessagesBySession(db, { sessionId }).then((messages) =>
      send({ type: 'history', messages, ended }),
    );
    let alive = true;
    ws.on('pong', () => (alive = true));
    const heartbeat = setInterval(() => {
      if (!alive) return ws.terminate();
      alive = false;
      ws.ping();
    }, HEARTBEAT_MS);

    const sendError = (code: Extract<ServerMessage, { type: 'error' }>['code'], message: string) =>
      send({ type: 'error', code, message });

    let turn: { controller: AbortController; heardChars?: number } | null = null;
    let scenario: ScenarioRecord | null = null;

    ws.on('close', () => {
      clearInterval(heartbeat);
      // Closing the page aborts the provider call.
      turn?.controller.abort();
    });
    ws.on('error', () => ws.terminate());

    ws.on('message', (data: RawData, isBinary: boolean) => {
      if (isBinary) return sendError('bad_message', 'Unexpected binary frame.');
      let parsed: ClientMessage;
      try {
        const result = clientMessageSchema.safeParse(JSON.parse(data.toString()));
        if (!result.success) {
          const issue = result.error.issues[0];
          const message =
            issue?.code === 'invalid_union' || issue?.path[0] === 'type'
              ? 'Unknown message type.'
              : (issue?.message ?? 'Invalid message.');
          return sendError('bad_message', message);
        }
        parsed = result.data;
      } catch {
        return sendError('bad_message', 'Messages must be JSON.');
      }
      void ready
        .then(() => handle(parsed))
        .catch((error: unknown) => {
          logger.error('ws.message_failed', { sessionId, error });
          sendError('unavailable', 'Something went wrong. Please try again.');
        });
    });

    async function handle(message: ClientMessage) {
      switch (message.type) {
        case 'turn': {
          if (ended) return sendError('ended', 'This conversation has ended.');
          if (turn) return sendError('busy', 'Please wait for the patient to finish replying.');
          if (message.text.length > config.limits.maxMessageChars) {
            return sendError(
              'bad_message',
              `Messages can be at most ${config.limits.maxMessageChars} characters.`,
            );
          }
          const current = {
            controller: new AbortController(),
            heardChars: undefined as number | undefined,
          };
          turn = current;
          running.add(current.controller);
          try {
            scenario ??= await getScenarioRecordById(db, { id: scenarioId });
            if (!scenario) return sendError('not_found', 'Scenario not found');
            await runTurn(
              services,
              {
                sessionId,
                scenario,
                clientId: message.clientId,
                text: message.text.trim(),
                source: message.source,
                stream: message.stream,
              },
              current.controller.signal,
              { send, heardChars: () => current.heardChars },
            );
          } finally {
            running.delete(current.controller);
            turn = null;
          }
          return;
        }
        case 'cancel': {
          if (!turn) return;
          turn.heardChars = message.heardChars;
          turn.controller.abort();
          return;
        }
        case 'audio':
        case 'speak':
          return sendError('unavailable', 'Server voice is not available yet.');
      }
    }

    logger.debug('ws.connected', { userId: user.id, sessionId });
    await ready;
  }

  return {
    connections: () => wss.clients.size,
    async close() {
      for (const controller of running) controller.abort();
      for (const ws of wss.clients) ws.close(1001, 'Server shutting down');
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
