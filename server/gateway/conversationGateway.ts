import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { uuidSchema } from '#shared/inputChecks';
import { clientMessageSchema, type ClientMessage, type ServerMessage } from '#shared/protocol';
import type { ErrorCode } from '#shared/errors';
import { FRAME_TEXT } from '#shared/text';
import { userFromRequest } from '../auth/guard';
import { keepLocale, localeFor, runInLocale } from '../i18n/localeContext';
import {
  createConversationControllers,
  type ConversationConnection,
} from '../conversations/conversationController';
import { errorFrame } from '../conversations/conversationContext';
import { createClusterCount } from '../cluster/clusterCount';
import { getConversationForUser } from '../db/conversations';
import { isAllowedOrigin } from '../http/origin';
import type { Services } from '../services';
import { createFrameBudget } from './frameBudget';
import { answerOtherUpgrade, refuseUpgrade as refuse } from './otherUpgrades';
import { batchWrites } from './writeBatching';

const PATH = /^\/ws\/conversations\/([^/?#]+)$/;
const HEARTBEAT_MS = 30_000;

export interface Gateway {
  /**
   * Stops accepting turns, lets running ones finish for up to `graceMs` (then aborts them, so a
   * cut reply is stored partial), and closes every socket (1001 going away).
   */
  close(options?: { graceMs?: number }): Promise<void>;
  connections(): number;
}

/** A socket sending faster than its frame budget is closed with this (RFC 6455 policy). */
const POLICY_VIOLATION = 1008;

function describeIssue(error: {
  issues: Array<{ code: string; path: PropertyKey[]; message: string }>;
}) {
  const issue = error.issues[0];
  return issue?.code === 'invalid_union' || issue?.path[0] === 'type'
    ? FRAME_TEXT.unknownType
    : (issue?.message ?? FRAME_TEXT.invalid);
}

/**
 * The conversation socket, transport only: the upgrade and its checks, the frame queue, the
 * heartbeat, parsing and dispatch to the socket's conversation controller, and close. What a
 * frame means is the controller's business (server/conversations/).
 */
export function attachConversationGateway(server: Server, services: Services): Gateway {
  const { db, logger, config } = services;
  // Within this, an oversized frame gets a clear error frame from the controller (a stream's
  // frames are far smaller); only beyond it is the connection dropped.
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: 2 * config.limits.maxUtteranceBytes,
  });
  const conversations = createConversationControllers(services);
  /** Upgrades still being checked: shutdown ends them rather than wait on them. */
  const pending = new Set<Duplex>();
  /** Open conversation sockets per user, over every instance (decision 037). */
  const socketsByUser = createClusterCount(services.cluster, 'sockets');
  let closing = false;

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const path = (req.url ?? '').split('?')[0] ?? '';
    const match = PATH.exec(path);
    // Vite's dev server keeps its hot-reload socket on its own port, so every upgrade here is
    // ours to answer.
    if (!match) return answerOtherUpgrade(server, req, socket);
    pending.add(socket);
    void (async () => {
      // Checks in order of cost: nothing reaches the database before the cheap ones pass.
      if (closing) return refuse(socket, 503, 'Service Unavailable');
      if (!isAllowedOrigin(req, config.allowedOrigins)) return refuse(socket, 403, 'Forbidden');
      const user = await userFromRequest(services, req);
      if (!user) return refuse(socket, 401, 'Unauthorized');
      const id = uuidSchema.safeParse(decodeURIComponent(match[1]!));
      const session = id.success
        ? await getConversationForUser(db, { id: id.data, userId: user.id })
        : null;
      if (!session) return refuse(socket, 404, 'Not Found');
      if (socketsByUser.running(user.id) >= config.limits.socketsPerUser) {
        return refuse(socket, 429, 'Too Many Requests');
      }
      if (closing || socket.destroyed) return refuse(socket, 503, 'Service Unavailable');
      // The socket speaks the upgrade request's language: the user's saved one, else its
      // Accept-Language (decision 049), for as long as it stays open.
      const locale = localeFor(user.locale, req);
      wss.handleUpgrade(req, socket, head, (ws) => {
        runInLocale(locale, () =>
          onConnection(ws, socket, {
            userId: user.id,
            conversationId: session.id,
            scenarioId: session.scenarioId,
            language: session.language,
            ended: session.endedAt !== null,
          }),
        );
      });
    })()
      .catch((error: unknown) => {
        logger.error('ws.upgrade_failed', { error });
        refuse(socket, 503, 'Service Unavailable');
      })
      .finally(() => pending.delete(socket));
  });

  function onConnection(
    ws: WebSocket,
    socket: Duplex,
    conversation: Omit<ConversationConnection, 'send' | 'sendBinary'>,
  ) {
    const holdWrites = batchWrites(socket);
    const send = (message: ServerMessage) => {
      if (ws.readyState !== ws.OPEN) return;
      holdWrites();
      ws.send(JSON.stringify(message));
    };
    const sendBinary = (bytes: Buffer) => {
      if (ws.readyState !== ws.OPEN) return;
      holdWrites();
      ws.send(bytes, { binary: true });
    };
    const sendError = (code: ErrorCode, message?: string, clientId?: string) =>
      send(errorFrame(code, message, clientId));
    const controller = conversations.open({ ...conversation, send, sendBinary });
    const { userId } = conversation;
    socketsByUser.start(userId);

    // History goes out first; frames that arrive meanwhile wait for it, in order.
    const ready = controller.sendHistory();
    // Without its history the client would talk over messages it never saw (and an unhandled
    // rejection would end the process): say so and close, so the client reconnects and reloads.
    ready.catch((error: unknown) => {
      logger.error('ws.history_failed', { conversationId: conversation.conversationId, error });
      sendError('unavailable:database');
      ws.close(1011, 'History unavailable');
    });

    let alive = true;
    ws.on('pong', () => (alive = true));
    const heartbeat = setInterval(() => {
      if (!alive) return ws.terminate();
      alive = false;
      ws.ping();
    }, HEARTBEAT_MS);

    ws.on('close', () => {
      clearInterval(heartbeat);
      controller.close();
      untrack();
      socketsByUser.finish(userId);
    });
    ws.on('error', () => ws.terminate());

    // Frames are dispatched one at a time, in arrival order: an utterance's start must be read
    // before the binary frames that follow it. Dispatch itself is quick: long work runs beside
    // it (an utterance's start waits for one database statement, its payment, so its frames
    // follow).
    let queue: Promise<void> = ready;
    const perSecond = config.limits.socketFramesPerSecond;
    const budget = createFrameBudget({ perSecond, burst: 2 * perSecond }, Date.now());
    let overBudget = false;
    // The conversation ended (here or on another instance): the page is told, after the
    // frames already queued, with the history a page opening an ended conversation gets.
    // Listeners run in the socket's language (decision 049), not the emitter's context.
    const untrack = services.conversationEnds.track(
      conversation.conversationId,
      keepLocale(() => {
        queue = queue.then(() => controller.sendHistory({ ended: true })).catch(controller.failed);
      }),
    );
    ws.on(
      'message',
      keepLocale((data: RawData, isBinary: boolean) => {
        if (overBudget) return;
        if (!budget.take(Date.now())) {
          // Nothing a person does sends this many frames: stop reading and hang up.
          overBudget = true;
          logger.warn('ws.frame_flood', { conversationId: conversation.conversationId, userId });
          ws.close(POLICY_VIOLATION, 'Too many messages');
          // A flooding client may never answer the close: do not wait the usual 30 s for it.
          setTimeout(() => ws.terminate(), 1_000).unref();
          return;
        }
        queue = queue
          .then(() => (isBinary ? onBinary(toBuffer(data)) : onText(data.toString())))
          .catch(controller.failed);
      }),
    );

    function onText(text: string): void | Promise<void> {
      const message = parse(text);
      if (message) return controller.handle(message);
    }

    /** Binary frames belong to the streamed utterance that `audio_start` opened. */
    function onBinary(frame: Buffer): void {
      controller.handleFrame(frame);
    }

    /** The frame as the protocol defines it, or null after telling the client what is wrong. */
    function parse(text: string): ClientMessage | null {
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        sendError('bad_request:message', FRAME_TEXT.notJson);
        return null;
      }
      const result = clientMessageSchema.safeParse(json);
      if (result.success) return result.data;
      sendError('bad_request:message', describeIssue(result.error));
      return null;
    }
  }

  return {
    connections: () => wss.clients.size,
    async close({ graceMs = 0 } = {}) {
      closing = true;
      for (const socket of pending) socket.destroy();
      await conversations.drain({ graceMs });
      for (const ws of wss.clients) ws.close(1001, 'Server shutting down');
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}
