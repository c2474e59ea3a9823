import type { Message } from '../../shared/conversation';
import { firstCharacters } from '../../shared/inputChecks';
import type { ClientMessage } from '../../shared/protocol';
import { FRAME_TEXT, VOICE_TEXT } from '../../shared/text';
import { streamRefusal } from './admission';
import type { BackgroundWork } from './backgroundWork';
import type { RunningTurn } from './bargeIn';
import { spendOrRefuse, type ConversationContext } from './conversationContext';
import type { PerUserCount } from './perUserCount';
import { createStreamedUtterance, type StreamedUtterance } from './streamedUtterance';
import {
  createUtteranceCollector,
  joinWords,
  type CommittedUtterance,
  type UtteranceCollector,
} from './streamedTurn';
import { replyToTurn } from './turnReply';
import { startEarlyReply, type EarlyReply } from './earlyReply';
import { endsMidThought } from './endOfTurn';
import { utteranceRecording } from '../audio/recording';

export type AudioStart = Extract<ClientMessage, { type: 'audio_start' }>;

/** The socket's turn, as the controller runs it (one at a time). */
export interface TurnSlot {
  /** The running turn, if any (a cancelled one may still be storing what was heard). */
  current(): RunningTurn | null;
  newTurn(): RunningTurn;
  /** Runs `answer` as the socket's turn, after the previous one has finished. */
  run(current: RunningTurn, answer: (current: RunningTurn) => Promise<Message | null>): void;
}

/** A streamed utterance whose frames are arriving. */
interface OpenStream {
  start: AudioStart;
  utterance: StreamedUtterance;
  /** The spoken turn it continues, when it started before that turn's reply. */
  joins: UtteranceCollector | null;
  /** Its words as the streaming transcriber has heard them so far. */
  heard: string;
}

/**
 * Voice mode on one socket: utterances streamed while the clinician speaks (audio_start, binary
 * frames, audio_commit or audio_cancel), made into spoken turns. At most one stream is open; a
 * refused or abandoned one is dropped with one error frame, and the socket carries on.
 */
export function createStreamedSpeech(input: {
  context: ConversationContext;
  work: BackgroundWork;
  userId: string;
  /** The conversation had ended when the socket opened. */
  ended: boolean;
  userTurns: PerUserCount;
  /** Streamed utterances open per user (each may hold a transcription session). */
  userStreams: PerUserCount;
  turns: TurnSlot;
}) {
  const { context, work, userId, ended, userTurns, userStreams, turns } = input;
  const { send, sendError } = context;
  const { logger, config } = context.services;
  const { transcriber, streamingTranscriber } = context.services.ai;
  const limits = config.limits;

  let stream: OpenStream | null = null;
  /** The spoken turn still taking utterances (its reply has not started). */
  let collecting: UtteranceCollector | null = null;
  /** The last stream that ended, for frames and ends that arrive after it. */
  let lastStream: { clientId: string; endedBy: 'client' | 'server'; lateTold: boolean } | null =
    null;
  /** The socket closed: an utterance whose start was still being paid for never opens. */
  let closed = false;

  /**
   * Whether an utterance may start now, with the spoken turn it would continue (if any); when
   * it may not, the user is told why and null comes back.
   */
  function admit(clientId: string): { joins: UtteranceCollector | null } | null {
    if (closed) return null;
    if (stream) {
      sendError('bad_request:audio', FRAME_TEXT.streamOpen, clientId);
      return null;
    }
    if (!transcriber && !streamingTranscriber) {
      sendError('unavailable:server_transcription', undefined, clientId);
      return null;
    }
    const joins = collecting?.accepting ? collecting : null;
    // A turn being cancelled is winding down (storing what was heard): cutting in on the
    // patient starts the next utterance at once.
    const turn = turns.current();
    const winding = turn !== null && turn.controller.signal.aborted;
    const refusal = streamRefusal({
      closing: work.draining,
      ended,
      busy: turn !== null && !winding,
      userTurns: userTurns.running(userId) - (winding ? 1 : 0),
      concurrentTurnsPerUser: limits.concurrentTurnsPerUser,
      joinsTurn: joins !== null,
      userStreams: userStreams.running(userId),
    });
    if (refusal === 'too_many_streams') {
      sendError('rate_limit:concurrent', VOICE_TEXT.concurrentStreams, clientId);
      return null;
    }
    if (refusal) {
      sendError(refusal, undefined, clientId);
      return null;
    }
    return { joins };
  }

  async function start(message: AudioStart): Promise<void> {
    const { clientId } = message;
    if (!admit(clientId)) return;
    // Paid before its transcription session opens (decision 027). The socket's next frames
    // wait for this in its queue, but a turn running beside it may have moved on meanwhile
    // (its reply started, so it takes no more utterances): the checks are made again.
    if (!(await spendOrRefuse(context, 'transcription', clientId))) return;
    const admitted = admit(clientId);
    if (!admitted) {
      await context.services.budget.giveBack(userId, 'transcription');
      return;
    }
    const { joins } = admitted;

    userStreams.start(userId);
    const opened: OpenStream = {
      start: message,
      joins,
      heard: '',
      utterance: createStreamedUtterance({
        clientId,
        limits,
        streaming: streamingTranscriber,
        batch: transcriber,
        finalTimeoutMs: config.ai.timeoutMs,
        logger,
        sessionId: context.sessionId,
        onPartial(text) {
          opened.heard = text;
          // A continuation adds to its turn's line.
          const turnOf = opened.joins?.accepting ? opened.joins : null;
          send({
            type: 'transcript_partial',
            clientId: turnOf ? turnOf.clientId : clientId,
            text: turnOf ? joinWords(turnOf.words(), text) : text,
          });
        },
        onAbandoned() {
          if (stream !== opened) return;
          streamOver(opened, 'server');
          sendError('bad_request:audio', VOICE_TEXT.streamAbandoned, clientId);
        },
        onEnd: () => userStreams.finish(userId),
        keepAudio: context.services.audio.enabled,
      }),
    };
    stream = opened;
    joins?.continuationStarted();
  }

  /** The open stream is over: committed, or dropped (a cancel, a refusal, the socket closing). */
  function streamOver(ending: OpenStream, endedBy: 'client' | 'server', committed = false) {
    stream = null;
    lastStream = { clientId: ending.start.clientId, endedBy, lateTold: false };
    if (!committed) {
      ending.utterance.close();
      ending.joins?.continuationDropped();
    }
  }

  function frame(bytes: Buffer) {
    if (!stream) {
      // The client was told when the server ended its stream; one word about frames after its
      // own end is enough.
      if (!lastStream) return sendError('bad_request:audio', FRAME_TEXT.noStream);
      if (lastStream.endedBy === 'server' || lastStream.lateTold) return;
      lastStream.lateTold = true;
      return sendError('bad_request:audio', FRAME_TEXT.afterStream, lastStream.clientId);
    }
    const current = stream;
    const refusal = current.utterance.frame(bytes);
    if (refusal === null) return;
    streamOver(current, 'server');
    sendError('bad_request:audio', refusal, current.start.clientId);
  }

  /** The open stream that `clientId` ends, or null after saying why there is none. */
  function streamToEnd(clientId: string): OpenStream | null {
    if (stream?.start.clientId === clientId) return stream;
    if (stream) {
      sendError('bad_request:audio', FRAME_TEXT.otherStream, clientId);
    } else if (lastStream?.clientId !== clientId || lastStream.endedBy !== 'server') {
      // (A stream the server ended has had its error: its commit or cancel needs no other.)
      sendError('bad_request:audio', FRAME_TEXT.noStreamToEnd, clientId);
    }
    return null;
  }

  function commit(clientId: string, frames: number) {
    const current = streamToEnd(clientId);
    if (!current) return;
    const joins = current.joins?.accepting ? current.joins : null;
    if (!joins && work.draining) {
      // The server is going away: a turn started now could not be answered.
      streamOver(current, 'server');
      return sendError('unavailable:restarting', undefined, clientId);
    }
    // An utterance is transcribed under its turn's signal, so a cancel reaches the transcriber.
    const next = joins ? null : turns.newTurn();
    const committed = current.utterance.commit(frames, joins?.signal ?? next!.controller.signal);
    if (!committed.ok) {
      streamOver(current, 'server');
      return sendError('bad_request:audio', committed.message, clientId);
    }
    streamOver(current, 'client', true);
    const utterance: CommittedUtterance = {
      clientId,
      stream: current.start.stream,
      speak: current.start.speak,
      transcript: committed.transcript,
      audio: committed.audio,
    };
    if (joins) return joins.continuationCommitted(utterance);
    answer(next!, utterance, replyEarly(current, next!.controller.signal));
  }

  /**
   * The reply starts on the words heard so far (see earlyReply.ts) when they make a whole
   * thought; one that ends mid-thought waits for more speech, so its words are not final yet.
   */
  function replyEarly(ending: OpenStream, signal: AbortSignal): Promise<EarlyReply | null> | null {
    const words = ending.heard.trim();
    if (words === '' || endsMidThought(words)) return null;
    const text = firstCharacters(words, limits.maxMessageChars);
    return startEarlyReply(context, { text, stream: ending.start.stream }, signal).catch(
      (error: unknown) => {
        logger.warn('voice.early_reply_failed', { sessionId: context.sessionId, error });
        return null;
      },
    );
  }

  function cancel(clientId: string) {
    const current = streamToEnd(clientId);
    if (current) streamOver(current, 'client');
  }

  /** A spoken turn: collect its utterances, show the words, answer them. */
  function answer(
    current: RunningTurn,
    first: CommittedUtterance,
    early: Promise<EarlyReply | null> | null,
  ) {
    const signal = current.controller.signal;
    const collector = createUtteranceCollector({
      first,
      waitMs: limits.endOfTurnWaitMs,
      signal,
      hooks: {
        waiting: (words) =>
          send({ type: 'transcript_partial', clientId: first.clientId, text: words }),
        failed: (id) => sendError('unavailable:transcription', undefined, id),
        nothingHeard: (id) => sendError('unprocessable:nothing_heard', undefined, id),
      },
    });
    collecting = collector;
    turns.run(current, async () => {
      try {
        const words = await collector.collect().finally(() => {
          if (collecting === collector) collecting = null;
        });
        if (!words || signal.aborted) return null;
        send({ type: 'transcript', clientId: words.clientId, text: words.text });
        return await replyToTurn(context, current, {
          clientId: words.clientId,
          // A long turn is answered by its first words rather than refused after it was spoken.
          text: firstCharacters(words.text, limits.maxMessageChars),
          source: 'voice',
          stream: words.stream,
          speak: words.speak,
          ...(early ? { early } : {}),
          recording: context.services.audio.enabled ? utteranceRecording(collector.audio()) : null,
        });
      } finally {
        // Claimed, it has run its course; unclaimed (refused, cancelled, other words), it stops.
        void early?.then((reply) => reply?.cancel());
      }
    });
  }

  return {
    /** An utterance's audio is arriving: the next turn is on its way. */
    get streaming() {
      return stream !== null;
    },
    start,
    frame,
    commit,
    cancel,
    /** The socket closed: the open stream is dropped (the turn's own signal ends the rest). */
    close() {
      closed = true;
      if (stream) streamOver(stream, 'client');
    },
  };
}
