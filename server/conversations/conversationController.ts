import { setMaxListeners } from 'node:events';
import type { Message } from '../../shared/conversation';
import type { ClientMessage, ServerMessage } from '../../shared/protocol';
import { CONVERSATION_TEXT } from '../../shared/text';
import { characterCount } from '../../shared/inputChecks';
import { isConnectionError } from '../db/db';
import { listMessagesBySession } from '../db/messages';
import { getScenarioRecordForSession } from '../db/scenarios';
import type { ScenarioRecord } from '../scenarios/schema';
import type { Services } from '../services';
import { checkUtterance, utteranceTooLarge } from '../voice/audioFormat';
import { turnRefusal } from './admission';
import { createPerUserCount, type PerUserCount } from './perUserCount';
import { createBackgroundWork, type BackgroundWork } from './backgroundWork';
import { createBargeIn, type RunningTurn } from './bargeIn';
import { errorFrame, type ConversationContext } from './conversationContext';
import { createReadAloud } from './readAloud';
import { runDictation, runSpokenTurn, type Utterance } from './spokenTurn';
import { createStreamedSpeech } from './streamedSpeech';
import { replyToTurn } from './turnReply';

export type AudioHeader = Extract<ClientMessage, { type: 'audio' }>;

/** One open socket of a conversation, as the gateway hands it over (already authorised). */
export interface ConversationConnection {
  userId: string;
  sessionId: string;
  scenarioId: string;
  /** The conversation had ended when the socket opened. */
  ended: boolean;
  send(message: ServerMessage): void;
  sendBinary(bytes: Buffer): void;
}

/** What the conversation does with a socket's frames, once the gateway has parsed them. */
export interface ConversationController {
  /** Sends the stored messages: the first frame, which every later frame waits for. */
  sendHistory(): Promise<void>;
  /**
   * Dispatches a frame. Most work runs beside the frame queue; a promise is what the queue must
   * wait for before the next frame (an utterance's start, paid for before its audio is taken).
   */
  handle(message: Exclude<ClientMessage, AudioHeader>): void | Promise<void>;
  /** An utterance is announced: true when its bytes are welcome (the next binary frame). */
  announceAudio(header: AudioHeader): boolean;
  /** The bytes of an announced utterance, as long as its header said. */
  handleAudio(header: AudioHeader, audio: Buffer): void;
  /**
   * A binary frame no header announced: the next frame of the streamed utterance opened by
   * `audio_start` (refused with an error frame when none is open).
   */
  handleStreamFrame(frame: Buffer): void;
  /** Logs a failure and tells the user, by code. */
  failed(error: unknown): void;
  /** The socket closed: closing the page aborts the provider calls. */
  close(): void;
}

/** The conversations of this instance: one controller per socket, sharing what is per user. */
export function createConversationControllers(services: Services) {
  const work = createBackgroundWork();
  const userTurns = createPerUserCount();
  const userStreams = createPerUserCount();
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
  const { userId, sessionId, ended, send } = connection;
  const { db, logger, config } = services;
  const limits = config.limits;
  const { transcriber, streamingTranscriber, speaker } = services.ai;

  let scenario: ScenarioRecord | null = null;
  const context: ConversationContext = {
    services,
    userId,
    sessionId,
    send,
    sendBinary: connection.sendBinary,
    sendError: (code, message, clientId) => send(errorFrame(code, message, clientId)),
    async scenario() {
      scenario ??= await getScenarioRecordForSession(db, { sessionId });
      return scenario;
    },
  };
  const { sendError } = context;
  const bargeIn = createBargeIn(context);
  const readAloud = createReadAloud(context, work);
  /** The running turn (typed or spoken): one at a time per socket. */
  let turn: RunningTurn | null = null;
  /** Settles once the socket's latest turn has finished and stored what it had. */
  let lastTurn: Promise<void> = Promise.resolve();

  function failed(error: unknown) {
    logger.error('ws.message_failed', { sessionId, error });
    sendError(isConnectionError(error) ? 'unavailable:database' : 'internal');
  }

  /** Long work (a turn, a transcription) runs beside the frame queue, so a cancel gets through. */
  const background = (job: Promise<void>) => work.run(job, failed);

  function admitTurn(clientId: string): boolean {
    const refusal = turnRefusal({
      closing: work.draining,
      ended,
      // Speech on its way is the next turn: nothing else starts meanwhile.
      busy: turn !== null || speech.streaming,
      userTurns: userTurns.running(userId),
      concurrentTurnsPerUser: limits.concurrentTurnsPerUser,
    });
    if (refusal) sendError(refusal, undefined, clientId);
    return refusal === null;
  }

  function newTurn(): RunningTurn {
    const current: RunningTurn = { controller: new AbortController() };
    // One turn's signal reaches every provider call of that turn (a reply and one speech
    // request per sentence), which is more listeners than Node's leak warning expects.
    setMaxListeners(100, current.controller.signal);
    return current;
  }

  /** Runs a turn as this socket's one running turn; a reply it spoke is left to barge-in. */
  function withTurn(
    current: RunningTurn,
    answer: (current: RunningTurn) => Promise<Message | null>,
  ): Promise<void> {
    const previous = lastTurn;
    turn = current;
    const release = work.abortOnShutdown(current.controller);
    userTurns.start(userId);
    const job = (async () => {
      try {
        // A clinician who cut in on the patient may be answered before the cancelled turn has
        // stored what was heard of its reply: that comes first, so the history stays in order.
        await previous;
        bargeIn.turnStarted();
        const spoken = await answer(current);
        if (spoken) await bargeIn.replySpoken(spoken, current);
      } finally {
        release();
        if (turn === current) turn = null;
        userTurns.finish(userId);
      }
    })();
    lastTurn = job.catch(() => undefined);
    return job;
  }

  // A Realtime call of this conversation tells every socket of it what is said and stored.
  const leaveCall = services.realtime.subscribe(sessionId, send);

  const speech = createStreamedSpeech({
    context,
    work,
    userId,
    ended,
    userTurns,
    userStreams,
    turns: {
      current: () => turn,
      newTurn,
      run: (current, answer) => background(withTurn(current, answer)),
    },
  });

  return {
    sendHistory: () =>
      listMessagesBySession(db, { sessionId }).then((messages) =>
        send({
          type: 'history',
          messages,
          ended,
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
          if (!admitTurn(message.clientId)) return;
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
          return background(
            withTurn(newTurn(), (current) => replyToTurn(context, current, request)),
          );
        }
        case 'cancel': {
          const revision = bargeIn.cancel(turn, message.heardChars);
          if (revision) background(revision);
          readAloud.stop();
          services.realtime.stopAudio(sessionId);
          return;
        }
        case 'speak':
          return background(readAloud.read(message.messageId));
        case 'stop_speaking':
          return readAloud.stop();
        case 'audio_start':
          return speech.start(message);
        case 'audio_commit':
          return speech.commit(message.clientId, message.frames);
        case 'audio_cancel':
          return speech.cancel(message.clientId);
      }
    },

    announceAudio(header) {
      if (header.purpose === 'turn' && !admitTurn(header.clientId)) return false;
      if (header.bytes > limits.maxUtteranceBytes) {
        sendError(
          'bad_request:audio',
          utteranceTooLarge(limits.maxUtteranceBytes, limits.maxUtteranceMs),
          header.clientId,
        );
        return false;
      }
      if (!transcriber) {
        sendError('unavailable:server_transcription', undefined, header.clientId);
        return false;
      }
      return true;
    },

    handleAudio(header, audio) {
      const check = checkUtterance(audio, header.format, {
        maxBytes: limits.maxUtteranceBytes,
        maxMs: limits.maxUtteranceMs,
      });
      if (!check.ok) return sendError('bad_request:audio', check.message, header.clientId);
      // announceAudio refused the utterance without one; the check keeps the type honest.
      if (!transcriber) return;
      const { type: _type, bytes: _bytes, ...fields } = header;
      const utterance: Utterance = { ...fields, audio };
      if (utterance.purpose === 'dictation') {
        const controller = new AbortController();
        const release = work.abortOnShutdown(controller);
        return background(
          runDictation(context, transcriber, utterance, controller.signal).finally(release),
        );
      }
      if (!admitTurn(utterance.clientId)) return;
      return background(
        withTurn(newTurn(), (current) => runSpokenTurn(context, transcriber, current, utterance)),
      );
    },

    handleStreamFrame: (frame) => speech.frame(frame),

    failed,

    close() {
      leaveCall();
      speech.close();
      turn?.controller.abort();
      readAloud.stop();
    },
  };
}
