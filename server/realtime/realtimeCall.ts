import type { RealtimeClientEvent, RealtimeServerEvent } from 'openai/resources/realtime/realtime';
import type { Message } from '#shared/conversation';
import type { RealtimeEndReason, RealtimeState, ServerMessage } from '#shared/protocol';
import { REALTIME_TEXT } from '#shared/text';
import {
  insertAssistantMessage,
  insertTurnIfAllowed,
  storeHeardPart,
  turnAdmission,
} from '../db/messages';
import { AppError } from '../http/errors';
import type { CoreServices } from '../coreServices';
import { createCallTranscript, type DueItem } from './callTranscript';
import { createReplyAudio } from './replyAudio';
import type { RealtimeProvider, RealtimeSideband } from '../ai/types';

/**
 * One Realtime call, seen from the server's sideband: the provider's events become stored
 * messages (in order), live lines and status for the conversation's sockets; the quota and the
 * call's length are enforced here, and every way the call can end goes through `end`.
 */

/**
 * Our own client events on the sideband carry ids with this prefix, so an error the provider
 * answers one of them with is known for ours (an expected race, not a fault).
 */
const OWN_EVENT = 'chairtalk_';

export interface RealtimeCall {
  readonly callId: string;
  readonly userId: string;
  /** Started: by the clinician's click (`begin`), or at once unless it was a standby call. */
  readonly begun: boolean;
  /** The clinician started a standby call: from here it is in use, timed and paid for. */
  begin(): void;
  /**
   * Stop audio: the reply's audio stops, the provider's item is cut to what was played, and
   * the stored reply keeps what was heard (decision 034).
   */
  stopAudio(): void;
  /** Hangs up (idempotent), stores what is owed first, tells the sockets why. */
  end(reason: RealtimeEndReason): Promise<void>;
  /** Settles when the call is over and everything it owed is stored. */
  readonly ended: Promise<void>;
}

export function endMessage(reason: RealtimeEndReason, maxCallMs: number): string {
  switch (reason) {
    case 'hung_up':
      return REALTIME_TEXT.hungUp;
    case 'conversation_ended':
      return REALTIME_TEXT.conversationEnded;
    case 'dropped':
      return REALTIME_TEXT.dropped;
    case 'call_too_long':
      return REALTIME_TEXT.callTooLong(Math.max(1, Math.round(maxCallMs / 60_000)));
    case 'quota':
      return REALTIME_TEXT.quotaReached;
    case 'replaced':
      return REALTIME_TEXT.replaced;
  }
}

/** Only a reply's text that came out of a message item is the patient's words. */
function transcriptOf(item: unknown): string | null {
  const content = (item as { content?: Array<{ transcript?: unknown; text?: unknown }> }).content;
  if (!Array.isArray(content)) return null;
  const parts = content
    .map((part) =>
      typeof part.transcript === 'string'
        ? part.transcript
        : typeof part.text === 'string'
          ? part.text
          : '',
    )
    .filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : null;
}

export function startRealtimeCall(input: {
  services: CoreServices;
  provider: RealtimeProvider;
  conversationId: string;
  userId: string;
  callId: string;
  sideband: RealtimeSideband;
  /** Set up ahead with the microphone muted, when Voice Mode opened: not started yet. */
  standby?: boolean;
  /** Sends to every socket of the conversation (on every instance). */
  relay: (message: ServerMessage) => void;
  /** The call was started (tells the other instances it is in use). */
  onBegun?: () => void;
  /** The clock the reply audio is timed on (ms). */
  now?: () => number;
}): RealtimeCall {
  const { services, provider, conversationId, userId, callId, sideband, relay } = input;
  const { db, logger, config } = services;
  const now = input.now ?? (() => performance.now());
  const maxCallMs = config.ai.realtime?.maxCallMs ?? 15 * 60_000;
  const transcript = createCallTranscript();
  const audio = createReplyAudio();
  /** Clinician utterances heard but not yet stored: they count against the quota already. */
  const pendingTurns = new Set<string>();
  /** Live text of items still being spoken. */
  const live = new Map<string, string>();
  let state: RealtimeState = 'connecting';
  let finished = false;
  let begun = !input.standby;
  let ownEvents = 0;
  /** Stores run one after another, so messages land in the call's order. */
  let storing: Promise<void> = Promise.resolve();
  let resolveEnded!: () => void;
  const ended = new Promise<void>((resolve) => (resolveEnded = resolve));

  // A standby call waits at most as long as a call may last; a started one lasts that long.
  let lengthLimit = setTimeout(() => void end('call_too_long'), maxCallMs);
  lengthLimit.unref();
  // The first minute was paid for when the call was set up; each further one as it starts.
  let minutes: NodeJS.Timeout | undefined;
  if (begun) startClock();

  function startClock() {
    clearTimeout(lengthLimit);
    lengthLimit = setTimeout(() => void end('call_too_long'), maxCallMs);
    lengthLimit.unref();
    minutes = setInterval(() => void payNextMinute(), services.budget.realtimeMinuteMs);
    minutes.unref();
  }

  function begin() {
    if (begun || finished) return;
    begun = true;
    startClock();
    input.onBegun?.();
    logger.info('realtime.begun', { conversationId, callId });
  }

  function send(event: RealtimeClientEvent) {
    sideband.send({ ...event, event_id: `${OWN_EVENT}${++ownEvents}` });
  }

  async function payNextMinute() {
    if (finished) return;
    try {
      await services.budget.spend(userId, 'realtimeMinute');
    } catch (error) {
      // The hour's AI budget is used up: the call ends as it does at the turn quota.
      if (error instanceof AppError) return void end('quota');
      // The database did not answer: the call goes on, as it does when the quota check fails.
      logger.warn('realtime.budget_check_failed', { conversationId, callId, error });
    }
  }

  function setState(next: RealtimeState) {
    if (finished || next === state) return;
    state = next;
    relay({ type: 'realtime_state', state });
  }

  function liveLine(role: 'user' | 'assistant', itemId: string, text: string, final: boolean) {
    relay({ type: 'realtime_transcript', role, itemId, text, final });
  }

  async function storeItem(item: DueItem): Promise<void> {
    let message: Message;
    if (item.role === 'user') {
      const result = await insertTurnIfAllowed(db, {
        conversationId,
        content: item.content,
        source: 'voice',
        clientId: `rt:${item.itemId}`.slice(0, 64),
        turnsPerHour: config.limits.turnsPerHour,
      });
      pendingTurns.delete(item.itemId);
      if ('refused' in result) {
        if (result.refused !== 'duplicate') {
          void end(result.refused === 'ended' ? 'conversation_ended' : 'quota');
        }
        return;
      }
      message = result.message;
    } else {
      message = await insertAssistantMessage(db, {
        conversationId,
        content: item.content,
        partial: item.partial,
      });
    }
    transcript.stored(item.itemId, message.id);
    relay({ type: 'message_stored', message });
  }

  /** Stores what the transcript released, after whatever is already being stored. */
  function flush(): Promise<void> {
    const due = transcript.due();
    if (due.length === 0) return storing;
    storing = storing.then(async () => {
      for (const item of due) {
        try {
          await storeItem(item);
        } catch (error) {
          logger.error('realtime.store_failed', { conversationId, callId, error });
        }
      }
      // Storing one may have released the next (its predecessor was still being stored).
      void flush();
    });
    return storing;
  }

  async function admitTurn(itemId: string) {
    pendingTurns.add(itemId);
    const admission = await turnAdmission(db, {
      conversationId,
      turnsPerHour: config.limits.turnsPerHour,
      // This utterance is one of the pending ones: it may be stored if the others fit.
      pending: pendingTurns.size - 1,
    }).catch((error: unknown) => {
      logger.warn('realtime.quota_check_failed', { conversationId, error });
      return 'allowed' as const;
    });
    if (admission === 'allowed') return;
    // The provider answers on its own: stop the answer before it is heard, and the call.
    pendingTurns.delete(itemId);
    stopReply();
    void end(admission === 'limited' ? 'quota' : 'conversation_ended');
  }

  /**
   * Stops the patient the way the Realtime API documents for a client: `response.cancel` only
   * for a response still being generated (the events say which), `output_audio_buffer.clear`
   * for the audio, and `conversation.item.truncate` at what was played, so the model's own
   * context holds only what was heard. The stored reply is cut here too, never waiting for a
   * `conversation.item.truncated` the provider need not send.
   */
  function stopReply() {
    const generating = audio.generating();
    const playing = audio.cut(now());
    if (generating) send({ type: 'response.cancel', response_id: generating });
    if (!playing) return;
    send({ type: 'output_audio_buffer.clear' });
    send({
      type: 'conversation.item.truncate',
      item_id: playing.itemId,
      content_index: 0,
      audio_end_ms: playing.playedMs,
    });
    cutReply(playing.itemId, playing.playedMs);
    setState('listening');
  }

  /** What was heard of a cut reply is what is stored of it, and what the dialog shows. */
  function cutReply(itemId: string, playedMs: number) {
    transcript.heard(itemId, audio.heardChars(playedMs));
    const heard = transcript.replyText(itemId);
    if (heard !== '') liveLine('assistant', itemId, heard, true);
    // After the store of the reply itself, if that is under way.
    storing = storing
      .then(() => reviseStoredReply(itemId))
      .catch((error: unknown) =>
        logger.error('realtime.revise_failed', { conversationId, callId, error }),
      );
  }

  /** The provider stopped a reply's audio: what had played of it is what was heard. */
  function interrupted(responseId: string) {
    const cut = audio.interrupted(responseId, now());
    if (cut) cutReply(cut.itemId, cut.playedMs);
  }

  async function reviseStoredReply(itemId: string) {
    const reply = transcript.storedReply(itemId);
    if (!reply) return;
    const message = await storeHeardPart(db, {
      conversationId,
      reply: { id: reply.messageId, content: reply.content },
      heardChars: reply.heardChars,
    });
    if (!message) return;
    transcript.revised(itemId, message.content);
    relay({ type: 'reply_revised', message });
  }

  function onEvent(event: RealtimeServerEvent) {
    if (finished) return;
    switch (event.type) {
      case 'session.created':
        return setState('listening');
      case 'input_audio_buffer.speech_started':
        // The provider heard the clinician: the call is in use, whoever said so first.
        begin();
        return setState('user_speaking');
      case 'input_audio_buffer.speech_stopped':
        return setState('processing');
      case 'input_audio_buffer.committed':
        begin();
        transcript.add(event.item_id, 'user');
        void admitTurn(event.item_id);
        return;
      case 'conversation.item.input_audio_transcription.delta': {
        const text = (live.get(event.item_id) ?? '') + (event.delta ?? '');
        live.set(event.item_id, text);
        transcript.text(event.item_id, 'user', text, false);
        return liveLine('user', event.item_id, text, false);
      }
      case 'conversation.item.input_audio_transcription.completed':
        live.delete(event.item_id);
        // Nothing said (a cough the provider took for speech) is no turn, stored or pending.
        if (event.transcript.trim() === '') pendingTurns.delete(event.item_id);
        transcript.text(event.item_id, 'user', event.transcript, true);
        liveLine('user', event.item_id, event.transcript, true);
        void flush();
        return;
      case 'conversation.item.input_audio_transcription.failed':
        live.delete(event.item_id);
        pendingTurns.delete(event.item_id);
        transcript.text(event.item_id, 'user', '', true);
        void flush();
        return;
      case 'response.created':
        begin();
        if (event.response.id) audio.created(event.response.id);
        return setState('processing');
      case 'response.output_item.added':
        if (event.item.type === 'message' && event.item.id) {
          transcript.add(event.item.id, 'assistant');
          audio.item(event.response_id, event.item.id);
        }
        return;
      case 'output_audio_buffer.started':
        audio.started(event.response_id, now());
        return setState('patient_speaking');
      case 'output_audio_buffer.stopped': {
        // Played to its end: how long it took teaches this voice's speaking rate.
        const played = audio.stopped(event.response_id, now());
        if (played) audio.learn(transcript.replyText(played.itemId).length, played.playedMs);
        return setState('listening');
      }
      case 'output_audio_buffer.cleared':
        // The provider cut the reply itself (the clinician spoke over it): kept as heard, whether
        // or not a `conversation.item.truncated` follows.
        interrupted(event.response_id);
        return setState('listening');
      case 'response.output_audio_transcript.delta': {
        const text = (live.get(event.item_id) ?? '') + event.delta;
        live.set(event.item_id, text);
        transcript.text(event.item_id, 'assistant', text, false);
        return liveLine('assistant', event.item_id, text, false);
      }
      case 'response.output_audio_transcript.done':
        live.delete(event.item_id);
        transcript.text(event.item_id, 'assistant', event.transcript, true);
        liveLine('assistant', event.item_id, event.transcript, true);
        void flush();
        return;
      case 'response.done': {
        // Cut off (barge-in, Stop audio). A reply ended by its token cap is not: all of it plays.
        const cancelled = event.response.status === 'cancelled';
        const responseId = event.response.id;
        for (const item of event.response.output ?? []) {
          if (item.type !== 'message' || !item.id) continue;
          if (responseId) audio.item(responseId, item.id);
          const said = transcriptOf(item) ?? live.get(item.id) ?? '';
          live.delete(item.id);
          transcript.text(item.id, 'assistant', said, !cancelled);
          if (cancelled) transcript.cancel(item.id);
        }
        if (responseId) {
          audio.done(responseId);
          // Its audio stops with it, whether or not `output_audio_buffer.cleared` comes first.
          if (cancelled) interrupted(responseId);
        }
        void flush();
        return;
      }
      case 'conversation.item.truncated':
        // The provider's own count of what played (after our truncate, or its own barge-in).
        return cutReply(event.item_id, event.audio_end_ms);
      case 'error':
        // One of our steps met a reply that had just ended (`response_cancel_not_active`, a
        // truncate just past the audio's end): expected, and the call goes on.
        if (event.error.event_id?.startsWith(OWN_EVENT)) {
          logger.debug('realtime.step_refused', { conversationId, callId, error: event.error });
        } else {
          logger.warn('realtime.provider_error', { conversationId, callId, error: event.error });
        }
        return;
      default:
        return;
    }
  }

  async function end(reason: RealtimeEndReason): Promise<void> {
    if (finished) return ended;
    // Hung up while the patient spoke: the reply is kept as far as it was heard.
    const playing = audio.cut(now());
    if (playing) cutReply(playing.itemId, playing.playedMs);
    finished = true;
    clearTimeout(lengthLimit);
    clearInterval(minutes);
    transcript.finish();
    sideband.close();
    await Promise.all([
      flush().catch(() => undefined),
      provider.hangUp(callId).catch((error: unknown) => {
        // A call the provider already ended answers 404; either way it is over.
        logger.debug('realtime.hangup_failed', { conversationId, callId, error });
      }),
      // A standby call never started gave the user nothing (decision 034).
      begun ? null : refundStandby(),
    ]);
    relay({ type: 'realtime_ended', reason, message: endMessage(reason, maxCallMs) });
    logger.info('realtime.ended', { conversationId, callId, reason });
    resolveEnded();
  }

  sideband.onEvent(onEvent);
  sideband.onClose(() => void end('dropped'));
  relay({ type: 'realtime_state', state });

  async function refundStandby() {
    await services.budget.giveBack(userId, 'realtimeMinute').catch((error: unknown) => {
      logger.warn('realtime.refund_failed', { conversationId, callId, error });
    });
  }

  return {
    callId,
    userId,
    get begun() {
      return begun;
    },
    begin() {
      if (finished) return;
      begin();
      // The dialog ignored this call's frames while it stood by: the state now, to start from.
      relay({ type: 'realtime_state', state });
    },
    stopAudio() {
      if (finished) return;
      stopReply();
    },
    end,
    ended,
  };
}
