import { firstCharacters, stripControlChars } from '../../shared/inputChecks';
import type { Message } from '../../shared/conversation';
import type { ClientMessage } from '../../shared/protocol';
import { uploadRecording } from '../audio/recording';
import { checkUtterance } from '../voice/audioFormat';
import type { Transcriber } from '../voice/types';
import type { RunningTurn } from './bargeIn';
import { spendOrRefuse, type ConversationContext } from './conversationContext';
import { replyToTurn } from './turnReply';

/** An utterance: the audio header's fields and the bytes of the binary frame that followed it. */
export type Utterance = Omit<Extract<ClientMessage, { type: 'audio' }>, 'type' | 'bytes'> & {
  audio: Buffer;
};

/** The transcript of an utterance, or null after telling the user why there is none. */
export async function transcribeUtterance(
  context: ConversationContext,
  transcriber: Transcriber,
  utterance: Utterance,
  signal: AbortSignal,
): Promise<string | null> {
  const { clientId, format } = utterance;
  if (!(await spendOrRefuse(context, 'transcription', clientId))) return null;
  try {
    const text = stripControlChars(
      await transcriber.transcribe(utterance.audio, { format }, { signal }),
    ).trim();
    if (text === '') {
      context.sendError('unprocessable:nothing_heard', undefined, clientId);
      return null;
    }
    return text;
  } catch (error) {
    if (signal.aborted) return null;
    context.services.logger.warn('voice.transcription_failed', {
      sessionId: context.sessionId,
      error,
    });
    context.sendError('unavailable:transcription', undefined, clientId);
    return null;
  }
}

/**
 * A spoken turn: utterance → transcript (shown to the user) → the turn, answered like a typed
 * one. Returns what replyToTurn returns: the reply, when it was stored whole and spoken.
 */
export async function runSpokenTurn(
  context: ConversationContext,
  transcriber: Transcriber,
  turn: RunningTurn,
  utterance: Utterance,
): Promise<Message | null> {
  const signal = turn.controller.signal;
  const text = await transcribeUtterance(context, transcriber, utterance, signal);
  if (text === null || signal.aborted) return null;
  context.send({ type: 'transcript', clientId: utterance.clientId, text });
  return replyToTurn(context, turn, {
    clientId: utterance.clientId,
    // A long utterance is answered by its first words rather than refused after it was spoken.
    text: firstCharacters(text, context.services.config.limits.maxMessageChars),
    source: 'voice',
    stream: utterance.stream,
    speak: utterance.speak,
    recording: context.services.audio.enabled ? uploadedRecording(utterance) : null,
  });
}

/** The uploaded file as it came, with its length when its header tells it. */
function uploadedRecording(utterance: Utterance) {
  const check = checkUtterance(utterance.audio, utterance.format, {
    maxBytes: Number.MAX_SAFE_INTEGER,
    maxMs: Number.MAX_SAFE_INTEGER,
  });
  return check.ok ? uploadRecording(utterance.audio, utterance.format, check.durationMs) : null;
}

/** Dictation: utterance → transcript only; the user edits it and sends it as a typed turn. */
export async function runDictation(
  context: ConversationContext,
  transcriber: Transcriber,
  utterance: Utterance,
  signal: AbortSignal,
): Promise<void> {
  const text = await transcribeUtterance(context, transcriber, utterance, signal);
  if (text !== null) context.send({ type: 'transcript', clientId: utterance.clientId, text });
}
