import type { LanguageCode } from '#shared/languages';
import type { ClientMessage, ServerMessage } from '#shared/protocol';
import { CONVERSATION_TEXT } from '#shared/text';
import { characterCount } from '#shared/inputChecks';
import { isConnectionError } from '../db/db';
import { listMessagesByConversation } from '../db/messages';
import { getScenarioRecordForConversation } from '../db/scenarios';
import type { ScenarioRecord } from '../scenarios/schema';
import type { Services } from '../services';
import { createClusterCount } from '../cluster/clusterCount';
import type { PerUserCount } from './perUserCount';
import { createBackgroundWork, type BackgroundWork } from './backgroundWork';
import { createBargeIn } from './bargeIn';
import { errorFrame, type ConversationContext } from './conversationContext';
import { createIncomingAudio } from './incomingAudio';
import { createReadAloud } from './readAloud';
import { replyToTurn } from './turnReply';
import { createTurnSlot } from './turnSlot';

/** One open socket of a conversation, as the gateway hands it over (already authorised). */
export interface ConversationConnection {
  userId: string;
  conversationId: string;
  scenarioId: string;
  /** The conversation's language (decision 048). */
  language: LanguageCode;
  /** The conversation had ended when the socket opened. */
  ended: boolean;
  send(message: ServerMessage): void;
  sendBinary(bytes: Buffer): void;
}

/** What the conversation does with a socket's frames, once the gateway has parsed them. */
export interface ConversationController {
  /**
   * Sends the stored messages: the first frame, which every later frame waits for. Sent again
   * with `ended` when the conversation ends while the socket is open (on any instance).
   */
  sendHistory(options?: { ended?: boolean }): Promise<void>;
  /**
   * Dispatches a frame. Most work runs beside the frame queue; a promise is what the queue must
   * wait for before the next frame (an utterance's start, paid for before its audio is taken).
   */
  handle(message: ClientMessage): void | Promise<void>;
  /**
   * A binary frame: the next frame of the streamed utterance opened by `audio_start` (refused
   * with an error frame when none is open).
   */
  handleFrame(frame: Buffer): void;
  /** Logs a failure and tells the user, by code. */
  failed(error: unknown): void;
  /** The socket closed: closing the page aborts the provider calls. */
  close(): void;
}

/**
 * The conversations of this instance: one controller per socket, sharing what is per user. The
 * per-user caps count over every instance (decision 037).
 */
export function createConversationControllers(services: Services) {
  const work = createBackgroundWork();
  const userTurns = createClusterCount(services.cluster, 'turns');
  const userStreams = createClusterCount(services.cluster, 'streams');
  return {
    open: (connection: ConversationConnection) =>
      createConversationController({ services, work, userTurns, userStreams, connection }),
    /** Shutdown: see BackgroundWork.drain. */
    drain: (options: { graceMs: number }) => work.drain(options),
  };
}

export function createConversationController(input: {
  services: Services;
  work: BackgroundWork;
  userTurns: PerUserCount;
  /** Streamed utterances open per user (each may hold a transcription session). */
  userStreams: PerUserCount;
  connection: ConversationConnection;
}): ConversationController {
  const { services, work, userTurns, userStreams, connection } = input;
  const { userId, conversationId, ended, send } = connection;
  const { db, logger, config } = services;
  const limits = config.limits;
  const { transcriber, streamingTranscriber, speaker } = services.ai;

  let scenario: ScenarioRecord | null = null;
  const context: ConversationContext = {
    services,
    userId,
    conversationId,
    language: connection.language,
    send,
    sendBinary: connection.sendBinary,
    sendError: (code, message, clientId) => send(errorFrame(code, message, clientId)),
    async scenario() {
      scenario ??= await getScenarioRecordForConversation(db, { conversationId });
      return scenario;
    },
    // Known only once a turn of this socket has been answered whole (and paid for).
    known: { turns: null },
  };
  const { sendError } = context;
  const bargeIn = createBargeIn(context);
  const readAloud = createReadAloud(context, work);

  function failed(error: unknown) {
    logger.error('ws.message_failed', { conversationId, error });
    sendError(isConnectionError(error) ? 'unavailable:database' : 'internal');
  }

  const turns = createTurnSlot({ context, work, userTurns, bargeIn, ended, failed });
  const audio = createIncomingAudio({
    context,
    work,
    ended,
    turns,
    userTurns,
    userStreams,
    failed,
  });

  // A Realtime call of this conversation tells every socket of it what is said and stored.
  const leaveCall = services.realtime.subscribe(conversationId, send);

  return {
    sendHistory: (options = {}) =>
      listMessagesByConversation(db, { conversationId }).then((messages) =>
        send({
          type: 'history',
          messages,
          ended: options.ended ?? ended,
          voice: {
            transcription: transcriber !== null || streamingTranscriber !== null,
            speech: speaker !== null,
            realtime: config.ai.realtime !== null,
          },
        }),
      ),

    handle(message) {
      switch (message.type) {
        case 'turn': {
          if (!turns.admit(message.clientId)) return;
          if (characterCount(message.text) > limits.maxMessageChars) {
            return sendError(
              'bad_request:message',
              CONVERSATION_TEXT.tooLong(limits.maxMessageChars),
              message.clientId,
            );
          }
          const request = {
            clientId: message.clientId,
            text: message.text.trim(),
            source: message.source,
            stream: message.stream,
            speak: message.speak,
          };
          return turns.run(turns.newTurn(), (current) => replyToTurn(context, current, request));
        }
        case 'cancel': {
          const revision = bargeIn.cancel(turns.current, message.heardChars);
          if (revision) work.run(revision, failed);
          readAloud.stop();
          services.realtime.stopAudio(conversationId);
          return;
        }
        case 'realtime_start':
          return services.realtime.begin(conversationId);
        case 'speak':
          return work.run(readAloud.read(message.messageId), failed);
        case 'stop_speaking':
          return readAloud.stop();
        case 'audio_start':
          return audio.start(message);
        case 'audio_commit':
          return audio.commit(message.clientId, message.frames);
        case 'audio_pause':
          return audio.pause(message.clientId, message.frames);
        case 'audio_cancel':
          return audio.cancel(message.clientId);
      }
    },

    handleFrame: (frame) => audio.frame(frame),

    failed,

    close() {
      leaveCall();
      audio.close();
      turns.current?.controller.abort();
      readAloud.stop();
    },
  };
}
