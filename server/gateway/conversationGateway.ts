import { setMaxListeners } from 'node:events';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { stripControlChars, uuidSchema } from '../../shared/inputChecks';
import type { Message } from '../../shared/conversation';
import { clientMessageSchema, type ClientMessage, type ServerMessage } from '../../shared/protocol';
import { ERRORS, type ErrorCode } from '../../shared/errors';
import { CONVERSATION_TEXT, FRAME_TEXT } from '../../shared/text';
import { userFromRequest } from '../auth/guard';
import { getConversationForUser } from '../db/conversations';
import { isConnectionError } from '../db/db';
import { cutReplyToHeard, getMessageInSession, listMessagesBySession } from '../db/messages';
import { getScenarioRecordById } from '../db/scenarios';
import { isAllowedOrigin } from '../http/origin';
import type { ScenarioRecord } from '../scenarios/schema';
import type { Services } from '../services';
import { runTurn } from '../conversations/runTurn';
import { checkUtterance, utteranceTooLarge } from '../voice/audioFormat';
import { createSpeechPipeline } from '../voice/speechPipeline';
import { voiceForScenario } from '../voice/voiceChoice';
import { batchWrites } from './writeBatching';

const PATH = /^\/ws\/conversations\/([^/?#]+)$/;
const HEARTBEAT_MS = 30_000;
// After the grace period, aborted work only has to store what it has; never hang shutdown on it.
const ABORT_SETTLE_MS = 2_000;

export interface Gateway {
  /**
   * Stops accepting turns, lets running ones finish for up to `graceMs` (then aborts them, so a
   * cut reply is stored partial), and closes every socket (1001 going away).
   */
  close(options?: { graceMs?: number }): Promise<void>;
  connections(): number;
}

function refuse(socket: Duplex, status: number, reason: string) {
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: text/plain\r\n` +
      `Content-Length: ${Buffer.byteLength(reason)}\r\n\r\n${reason}`,
  );
}

function describeIssue(error: {
  issues: Array<{ code: string; path: PropertyKey[]; message: string }>;
}) {
  const issue = error.issues[0];
  return issue?.code === 'invalid_union' || issue?.path[0] === 'type'
    ? FRAME_TEXT.unknownType
    : (issue?.message ?? FRAME_TEXT.invalid);
}

export function attachConversationGateway(server: Server, services: Services): Gateway {
  const { db, logger, config } = services;
  const limits = config.limits;
  // Audio utterances are the largest frames; leave room beyond the limit so an oversized one
  // gets a clear error frame instead of a dropped connection.
  const wss = new WebSocketServer({ noServer: true, maxPayload: 2 * limits.maxUtteranceBytes });
  /** Turns running per user on this instance (the cost-abuse guard for parallel sockets). */
  const turnsByUser = new Map<string, number>();
  const running = new Set<AbortController>();
  /** Every background job (turn, transcription, read-aloud), settled or not; close waits for them. */
  const inFlight = new Set<Promise<void>>();
  let closing = false;

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    const match = PATH.exec(path);
    // Not ours (e.g. Vite's hot-reload socket in dev): leave it to the other listener.
    if (!match) return;
    socket.on('error', () => socket.destroy());
    void (async () => {
      if (closing) return refuse(socket, 503, 'Service Unavailable');
      if (!isAllowedOrigin(req, config.allowedOrigins)) return refuse(socket, 403, 'Forbidden');
      const user = await userFromRequest(services, req);
      if (!user) return refuse(socket, 401, 'Unauthorized');
      const id = uuidSchema.safeParse(decodeURIComponent(match[1]!));
      const session = id.success
        ? await getConversationForUser(db, { id: id.data, userId: user.id })
        : null;
      if (!session) return refuse(socket, 404, 'Not Found');
      wss.handleUpgrade(req, socket, head, (ws) => {
        onConnection(ws, socket, user.id, session.id, session.scenarioId, session.endedAt !== null);
      });
    })().catch((error: unknown) => {
      logger.error('ws.upgrade_failed', { error });
      refuse(socket, 503, 'Service Unavailable');
    });
  });

  function onConnection(
    ws: WebSocket,
    socket: Duplex,
    userId: string,
    sessionId: string,
    scenarioId: string,
    ended: boolean,
  ) {
    const { transcriber, speaker } = services.ai;
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
    const sendError = (code: ErrorCode, message: string = ERRORS[code], clientId?: string) =>
      send({ type: 'error', code, message, ...(clientId ? { clientId } : {}) });

    // History goes out first; frames that arrive meanwhile wait for it, in order.
    const ready = listMessagesBySession(db, { sessionId }).then((messages) =>
      send({
        type: 'history',
        messages,
        ended,
        voice: { transcription: transcriber !== null, speech: speaker !== null },
      }),
    );
    // Without its history the client would talk over messages it never saw (and an unhandled
    // rejection would end the process): say so and close, so the client reconnects and reloads.
    ready.catch((error: unknown) => {
      logger.error('ws.history_failed', { sessionId, error });
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

    /** The running turn (typed or spoken), or the running read-aloud of one message. */
    let turn: { controller: AbortController; heardChars?: number } | null = null;
    let reading: AbortController | null = null;
    /** The last reply the server spoke, while its audio may still be playing on the client. */
    let spokenReply: Message | null = null;
    /** Set by an audio header: the next binary frame is that utterance. */
    let awaitingAudio: Extract<ClientMessage, { type: 'audio' }> | null = null;
    let scenario: ScenarioRecord | null = null;

    ws.on('close', () => {
      clearInterval(heartbeat);
      // Closing the page aborts the provider calls.
      turn?.controller.abort();
      reading?.abort();
    });
    ws.on('error', () => ws.terminate());

    const failed = (error: unknown) => {
      logger.error('ws.message_failed', { sessionId, error });
      sendError(isConnectionError(error) ? 'unavailable:database' : 'internal');
    };
    /** Long work (a turn, a transcription) runs beside the frame queue, so a cancel gets through. */
    const background = (work: Promise<void>) => {
      const settled = work.catch(failed);
      inFlight.add(settled);
      void settled.finally(() => inFlight.delete(settled));
    };

    // Frames are dispatched one at a time, in arrival order: an audio header must be read before
    // the binary frame that follows it. Dispatch itself is quick.
    let queue: Promise<void> = ready;
    ws.on('message', (data: RawData, isBinary: boolean) => {
      queue = queue
        .then(() => (isBinary ? onBinary(toBuffer(data)) : onText(data.toString())))
        .catch(failed);
    });

    function onText(text: string): Promise<void> {
      if (awaitingAudio) {
        const { clientId } = awaitingAudio;
        awaitingAudio = null;
        sendError('bad_request:audio', FRAME_TEXT.audioMissing, clientId);
      }
      let parsed: ClientMessage;
      try {
        const result = clientMessageSchema.safeParse(JSON.parse(text));
        if (!result.success) {
          sendError('bad_request:message', describeIssue(result.error));
          return Promise.resolve();
        }
        parsed = result.data;
      } catch {
        sendError('bad_request:message', FRAME_TEXT.notJson);
        return Promise.resolve();
      }
      handle(parsed);
      return Promise.resolve();
    }

    function handle(message: ClientMessage): void {
      switch (message.type) {
        case 'turn': {
          if (!canStartTurn(message.clientId)) return;
          if (message.text.length > config.limits.maxMessageChars) {
            return sendError(
              'bad_request:message',
              CONVERSATION_TEXT.tooLong(config.limits.maxMessageChars),
              message.clientId,
            );
          }
          return background(
            withTurn((current) =>
              reply(current, {
                clientId: message.clientId,
                text: message.text.trim(),
                source: message.source,
                stream: message.stream,
                speak: message.speak,
              }),
            ),
          );
        }
        case 'audio': {
          if (message.purpose === 'turn' && !canStartTurn(message.clientId)) return;
          if (message.bytes > limits.maxUtteranceBytes) {
            return sendError(
              'bad_request:audio',
              utteranceTooLarge(limits.maxUtteranceBytes, limits.maxUtteranceMs),
              message.clientId,
            );
          }
          if (!transcriber) {
            return sendError('unavailable:server_transcription', undefined, message.clientId);
          }
          awaitingAudio = message;
          return;
        }
        case 'cancel': {
          if (turn) {
            turn.heardChars = message.heardChars;
            turn.controller.abort();
          } else if (spokenReply && message.heardChars !== undefined) {
            // The reply was complete but its audio was still playing when the user cut in.
            const target = spokenReply;
            spokenReply = null;
            background(keepHeardPart(target, message.heardChars));
          }
          reading?.abort();
          return;
        }
        case 'speak':
          return background(readAloud(message.messageId));
        case 'stop_speaking':
          reading?.abort();
          return;
      }
    }

    async function onBinary(audio: Buffer): Promise<void> {
      const header = awaitingAudio;
      awaitingAudio = null;
      if (!header) return sendError('bad_request:message', FRAME_TEXT.unexpectedBinary);
      if (audio.length !== header.bytes) {
        return sendError('bad_request:audio', FRAME_TEXT.audioIncomplete, header.clientId);
      }
      const check = checkUtterance(audio, header.format, {
        maxBytes: limits.maxUtteranceBytes,
        maxMs: limits.maxUtteranceMs,
      });
      if (!check.ok) return sendError('bad_request:audio', check.message, header.clientId);
      if (header.purpose === 'dictation') {
        const controller = new AbortController();
        running.add(controller);
        return background(
          transcribe(audio, header, controller.signal)
            .then((text) => {
              if (text !== null) send({ type: 'transcript', clientId: header.clientId, text });
            })
            .finally(() => running.delete(controller)),
        );
      }
      if (!canStartTurn(header.clientId)) return;
      return background(
        withTurn(async (current) => {
          const text = await transcribe(audio, header, current.controller.signal);
          if (text === null || current.controller.signal.aborted) return;
          send({ type: 'transcript', clientId: header.clientId, text });
          await reply(current, {
            clientId: header.clientId,
            text: text.slice(0, config.limits.maxMessageChars),
            source: 'voice',
            stream: header.stream,
            speak: header.speak,
          });
        }),
      );
    }

    /** The transcript, or null after telling the user why there is none. */
    async function transcribe(
      audio: Buffer,
      header: { clientId: string; format: 'wav' | 'webm' },
      signal: AbortSignal,
    ): Promise<string | null> {
      try {
        const text = stripControlChars(
          await transcriber!.transcribe(audio, { format: header.format }, { signal }),
        ).trim();
        if (text === '') {
          sendError('unprocessable:nothing_heard', undefined, header.clientId);
          return null;
        }
        return text;
      } catch (error) {
        if (signal.aborted) return null;
        logger.warn('voice.transcription_failed', { sessionId, error });
        sendError('unavailable:transcription', undefined, header.clientId);
        return null;
      }
    }

    function canStartTurn(clientId: string): boolean {
      if (closing) {
        sendError('unavailable:restarting', undefined, clientId);
        return false;
      }
      if (ended) {
        sendError('conflict:ended', undefined, clientId);
        return false;
      }
      if (turn) {
        sendError('conflict:busy', undefined, clientId);
        return false;
      }
      if ((turnsByUser.get(userId) ?? 0) >= limits.concurrentTurnsPerUser) {
        sendError('rate_limit:concurrent', undefined, clientId);
        return false;
      }
      return true;
    }

    async function withTurn(
      fn: (current: { controller: AbortController; heardChars?: number }) => Promise<void>,
    ) {
      const current: { controller: AbortController; heardChars?: number } = {
        controller: new AbortController(),
      };
      // One turn's signal reaches every provider call of that turn (a reply and one speech
      // request per sentence), which is more listeners than Node's leak warning expects.
      setMaxListeners(100, current.controller.signal);
      turn = current;
      spokenReply = null;
      running.add(current.controller);
      turnsByUser.set(userId, (turnsByUser.get(userId) ?? 0) + 1);
      try {
        await fn(current);
      } finally {
        running.delete(current.controller);
        turn = null;
        const left = (turnsByUser.get(userId) ?? 1) - 1;
        if (left > 0) turnsByUser.set(userId, left);
        else turnsByUser.delete(userId);
      }
    }

    async function reply(
      current: { controller: AbortController; heardChars?: number },
      input: {
        clientId: string;
        text: string;
        source: Message['source'];
        stream: boolean;
        speak: boolean;
      },
    ) {
      scenario ??= await getScenarioRecordById(db, { id: scenarioId });
      if (!scenario) return sendError('not_found:scenario');
      const signal = current.controller.signal;
      let pipeline: ReturnType<typeof createSpeechPipeline> | null = null;
      let stored: Message | null = null;
      const voice = voiceForScenario(scenario);
      await runTurn(
        services,
        {
          sessionId,
          scenario,
          clientId: input.clientId,
          text: input.text,
          source: input.source,
          stream: input.stream,
        },
        signal,
        {
          send(frame) {
            if (frame.type === 'reply_done') stored = frame.message;
            send(frame);
          },
          heardChars: () => current.heardChars,
          onReplyStart(replyId) {
            if (!input.speak || !speaker) return;
            pipeline = createSpeechPipeline({
              speaker,
              voice,
              replyId,
              signal,
              sink: { sendJson: send, sendBinary },
              onError(error) {
                logger.warn('voice.speech_failed', { sessionId, error });
                sendError('unavailable:speech', undefined, input.clientId);
              },
            });
          },
          onDelta: (delta) => pipeline?.push(delta),
        },
      );
      const spoken = pipeline as ReturnType<typeof createSpeechPipeline> | null;
      if (!spoken) return;
      await spoken.finish();
      const reply = stored as Message | null;
      if (!reply || reply.partial) return;
      // The text can be complete while its audio still plays: what is stored is what was heard.
      if (signal.aborted && current.heardChars !== undefined) {
        await keepHeardPart(reply, current.heardChars);
      } else {
        spokenReply = reply;
      }
    }

    async function keepHeardPart(reply: Message, heardChars: number) {
      const revised = await cutReplyToHeard(db, { sessionId, id: reply.id, heardChars });
      if (revised) send({ type: 'reply_revised', message: revised });
    }

    async function readAloud(messageId: string) {
      if (!speaker) return sendError('unavailable:server_speech');
      const id = uuidSchema.safeParse(messageId);
      const message = id.success ? await getMessageInSession(db, { sessionId, id: id.data }) : null;
      if (!message || message.role !== 'assistant') return sendError('not_found:message');
      reading?.abort();
      const controller = new AbortController();
      reading = controller;
      running.add(controller);
      scenario ??= await getScenarioRecordById(db, { id: scenarioId });
      try {
        const pipeline = createSpeechPipeline({
          speaker,
          voice: voiceForScenario(scenario),
          replyId: message.id,
          signal: controller.signal,
          sink: { sendJson: send, sendBinary },
          onError(error) {
            logger.warn('voice.speech_failed', { sessionId, error });
            sendError('unavailable:speech');
          },
        });
        pipeline.push(message.content);
        await pipeline.finish();
      } finally {
        running.delete(controller);
        if (reading === controller) reading = null;
      }
    }
  }

  return {
    connections: () => wss.clients.size,
    async close({ graceMs = 0 } = {}) {
      closing = true;
      // A reply already streaming is finished and stored whole when it can be; past the grace
      // period it is cut short, and runTurn stores it partial.
      const abortAll = () => {
        for (const controller of running) controller.abort();
      };
      const settled = Promise.all(inFlight);
      const abortTimer = setTimeout(abortAll, graceMs);
      let giveUp: NodeJS.Timeout | undefined;
      await Promise.race([
        settled,
        new Promise<void>((resolve) => (giveUp = setTimeout(resolve, graceMs + ABORT_SETTLE_MS))),
      ]);
      clearTimeout(abortTimer);
      clearTimeout(giveUp);
      abortAll();
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
