import { firstCharacters } from '#shared/inputChecks';
import type { ClientMessage } from '#shared/protocol';
import { FRAME_TEXT, VOICE_TEXT } from '#shared/text';
import { streamRefusal } from './admission';
import type { BackgroundWork } from './backgroundWork';
import { spendOrRefuse, type ConversationContext } from './conversationContext';
import { runDictation } from './dictation';
import { startEarlyReply, type EarlyReply } from './earlyReply';
import { thoughtComplete } from './endOfTurn';
import type { PerUserCount } from './perUserCount';
import { createStreamedUtterance, type StreamedUtterance } from './streamedUtterance';
import type { TurnSlot } from './turnSlot';
import {
  createUtteranceCollector,
  joinWords,
  type CommittedUtterance,
  type UtteranceCollector,
} from './utteranceCollector';
import { runVoiceTurn } from './voiceTurn';

export type AudioStart = Extract<ClientMessage, { type: 'audio_start' }>;

/** A streamed utterance whose frames are arriving. */
interface OpenStream {
  start: AudioStart;
  utterance: StreamedUtterance;
  /** The spoken turn it continues, when it started before that turn's reply. */
  joins: UtteranceCollector | null;
  /**
   * The reply started on its words at its last pause (see `pause`), while it may still go on.
   * `earlyStop` stops it when the stream ends without a turn to claim it, or that turn's does.
   */
  early: Promise<EarlyReply | null> | null;
  earlyStop: AbortController;
}

/**
 * The clinician's incoming audio on one socket: the only way audio comes in. Every utterance,
 * dictated or spoken, streams while it is said: `audio_start` (with its purpose), binary frames,
 * then `audio_commit` (the detector's end of speech) or `audio_cancel` (a misfire). At most one
 * stream is open; a refused or abandoned one is dropped with one error frame, and the socket
 * carries on. A committed dictation only has its words sent back (dictation.ts); a committed
 * spoken utterance becomes the next turn, or joins the turn still taking utterances, and the
 * turn runs in the socket's turn slot as voiceTurn.ts tells it.
 */
export function createIncomingAudio(input: {
  context: ConversationContext;
  work: BackgroundWork;
  /** The conversation had ended when the socket opened. */
  ended: boolean;
  turns: TurnSlot;
  /** Streamed utterances open per user (each may hold a transcription session). */
  userStreams: PerUserCount;
  userTurns: PerUserCount;
  /** Where a failed dictation's error goes (logged and told by code). */
  failed(error: unknown): void;
}) {
  const { context, work, ended, turns, userTurns, userStreams, failed } = input;
  const { send, sendError, userId } = context;
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
  /** Dictations being transcribed: closing the page aborts them. */
  const dictating = new Set<AbortController>();

  /**
   * Whether an utterance may start now, with the spoken turn it would continue (if any); when
   * it may not, the user is told why and null comes back.
   */
  function admit(message: AudioStart): { joins: UtteranceCollector | null } | null {
    const { clientId } = message;
    if (closed) return null;
    if (stream) {
      sendError('bad_request:audio', FRAME_TEXT.streamOpen, clientId);
      return null;
    }
    if (!transcriber && !streamingTranscriber) {
      sendError('unavailable:server_transcription', undefined, clientId);
      return null;
    }
    const dictation = message.purpose === 'dictation';
    const joins = !dictation && collecting?.accepting ? collecting : null;
    // A turn being cancelled is winding down (storing what was heard): cutting in on the
    // patient starts the next utterance at once.
    const turn = turns.current;
    const winding = turn !== null && turn.controller.signal.aborted;
    const refusal = streamRefusal({
      closing: work.draining,
      ended,
      busy: turn !== null && !winding,
      userTurns: userTurns.running(userId) - (winding ? 1 : 0),
      concurrentTurnsPerUser: limits.concurrentTurnsPerUser,
      // A dictation is no turn: like a continuation, it needs no free turn slot.
      joinsTurn: joins !== null || dictation,
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
    if (!admit(message)) return;
    // Paid before its transcription session opens (decision 027). The socket's next frames
    // wait for this in its queue, but a turn running beside it may have moved on meanwhile
    // (its reply started, so it takes no more utterances): the checks are made again.
    if (!(await spendOrRefuse(context, 'transcription', clientId))) return;
    const admitted = admit(message);
    if (!admitted) {
      await context.services.budget.giveBack(userId, 'transcription');
      return;
    }
    const { joins } = admitted;

    userStreams.start(userId);
    const opened: OpenStream = {
      start: message,
      joins,
      early: null,
      earlyStop: new AbortController(),
      utterance: createStreamedUtterance({
        clientId,
        limits,
        streaming: streamingTranscriber,
        batch: transcriber,
        finalTimeoutMs: config.ai.timeoutMs,
        logger,
        conversationId: context.conversationId,
        language: context.language,
        onPartial(text) {
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
        // A dictation is not stored, so neither is its audio.
        keepAudio: context.services.audio.enabled && message.purpose === 'turn',
      }),
    };
    stream = opened;
    turns.incoming = message.purpose === 'turn';
    joins?.continuationStarted();
  }

  /** The open stream is over: committed, or dropped (a cancel, a refusal, the socket closing). */
  function streamOver(ending: OpenStream, endedBy: 'client' | 'server', committed = false) {
    stream = null;
    turns.incoming = false;
    lastStream = { clientId: ending.start.clientId, endedBy, lateTold: false };
    if (!committed) {
      ending.utterance.close();
      ending.joins?.continuationDropped();
      ending.earlyStop.abort();
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
    if (current.start.purpose === 'dictation') return commitDictation(current, frames);
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
    const turnSignal = next!.controller.signal;
    if (turnSignal.aborted) current.earlyStop.abort();
    else turnSignal.addEventListener('abort', () => current.earlyStop.abort(), { once: true });
    const early = current.early;
    const collector = collectTurn(next!.controller.signal, utterance);
    turns.run(next!, (turn) =>
      runVoiceTurn(context, turn, { collector, early }).finally(() => {
        if (collecting === collector) collecting = null;
      }),
    );
  }

  /** A dictation's words go back to the composer; nothing is stored or answered. */
  function commitDictation(current: OpenStream, frames: number) {
    const { clientId } = current.start;
    const controller = new AbortController();
    const committed = current.utterance.commit(frames, controller.signal);
    if (!committed.ok) {
      streamOver(current, 'server');
      return sendError('bad_request:audio', committed.message, clientId);
    }
    streamOver(current, 'client', true);
    const release = work.abortOnShutdown(controller);
    dictating.add(controller);
    const job = runDictation(context, clientId, committed.transcript, controller.signal);
    work.run(
      job.finally(() => {
        release();
        dictating.delete(controller);
      }),
      failed,
    );
  }

  /**
   * A pause in a spoken utterance: its words so far are made final (the streaming partials lag
   * the audio, so they cannot be trusted to hold the last word), and shown. The first utterance
   * of a turn also starts its reply on them when they make a whole thought (earlyReply.ts); the
   * end of speech claims it if no more words followed. A later pause replaces it.
   */
  function pause(clientId: string, frames: number) {
    const current = streamToEnd(clientId);
    if (!current || current.start.purpose !== 'turn') return;
    const paused = current.utterance.pause(frames);
    if (!paused.ok) return sendError('bad_request:audio', paused.message, clientId);
    const settling = paused.words;
    if (!settling) return;
    const previous = current.early;
    current.early = settling.then(async (text) => {
      void previous?.then((reply) => reply?.cancel());
      if (!text || current.earlyStop.signal.aborted) return null;
      const turnOf = current.joins?.accepting ? current.joins : null;
      send({
        type: 'transcript_partial',
        clientId: turnOf ? turnOf.clientId : clientId,
        text: turnOf ? joinWords(turnOf.words(), text) : text,
      });
      // A continuation's turn was committed with its own early reply (or none); a thought
      // left open is not worth a model call yet.
      if (turnOf || !thoughtComplete(text)) return null;
      const reply = startEarlyReply(
        context,
        { text: firstCharacters(text, limits.maxMessageChars), stream: current.start.stream },
        current.earlyStop.signal,
      );
      return reply.catch((error: unknown) => {
        logger.warn('voice.early_reply_failed', { conversationId: context.conversationId, error });
        return null;
      });
    });
  }

  function cancel(clientId: string) {
    const current = streamToEnd(clientId);
    if (current) streamOver(current, 'client');
  }

  /** The utterances of the turn `first` starts; later ones join it while it takes them. */
  function collectTurn(signal: AbortSignal, first: CommittedUtterance): UtteranceCollector {
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
    return collector;
  }

  return {
    start,
    frame,
    pause,
    commit,
    cancel,
    /** The socket closed: the open stream is dropped (the turn's own signal ends the rest). */
    close() {
      closed = true;
      if (stream) streamOver(stream, 'client');
      for (const controller of dictating) controller.abort();
    },
  };
}
