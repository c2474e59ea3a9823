import { ERRORS, type ErrorCode } from '#shared/errors';
import type { LanguageCode } from '#shared/languages';
import type { ServerMessage } from '#shared/protocol';
import type { AiUse } from '../ai/aiCosts';
import { AppError } from '../http/errors';
import type { ScenarioRecord } from '../scenarios/schema';
import type { Services } from '../services';
import type { KnownHistory } from './replyInAdvance';
import { createSpeechPipeline } from '../voice/speechPipeline';
import type { Speaker } from '../voice/types';
import { patientVoice } from '../voice/voiceChoice';

/** One open conversation as its controller's parts see it: who, where, and how to answer. */
export interface ConversationContext {
  services: Services;
  /** The conversation's owner, who pays for its model calls (decision 027). */
  userId: string;
  conversationId: string;
  /** The conversation's language (decision 048): heard, spoken and replied in. */
  language: LanguageCode;
  send(message: ServerMessage): void;
  sendBinary(bytes: Buffer): void;
  /** An error frame: the code's own sentence unless a more precise one is given. */
  sendError(code: ErrorCode, message?: string, clientId?: string): void;
  /** The conversation's scenario, read once (null if it is gone). */
  scenario(): Promise<ScenarioRecord | null>;
  /** The history as this socket's last whole turn left it (runTurn keeps it; decision 036). */
  known: KnownHistory;
}

export type SpeechPipeline = ReturnType<typeof createSpeechPipeline>;

/** Speaks text on this socket in the patient's voice, in the conversation's language; a speech failure is told, not thrown. */
export function speakTo(
  context: ConversationContext,
  input: {
    speaker: Speaker;
    scenario: ScenarioRecord | null;
    replyId: string;
    signal: AbortSignal;
    clientId?: string;
  },
): SpeechPipeline {
  const { logger, budget } = context.services;
  return createSpeechPipeline({
    // One reply's speech is paid for once, however many sentences it is spoken in.
    speaker: paidOnce(input.speaker, () => budget.spend(context.userId, 'speech')),
    voice: patientVoice(input.scenario, context.language),
    replyId: input.replyId,
    signal: input.signal,
    sink: { sendJson: context.send, sendBinary: context.sendBinary },
    keepAudio: context.services.audio.enabled,
    onError(error) {
      if (error instanceof AppError) return context.send(appErrorFrame(error, input.clientId));
      logger.warn('voice.speech_failed', { conversationId: context.conversationId, error });
      context.sendError('unavailable:speech', undefined, input.clientId);
    },
  });
}

/**
 * The speaker, paid for by `pay` once, before its first synthesis; refused, every one throws.
 * The payment starts with the pipeline (a voice turn's reply start), not at the first
 * synthesis: by the time the first clause is whole it is settled, so the database round trip
 * is not on the way to the patient's first word. It still comes before any speech request.
 */
function paidOnce(speaker: Speaker, pay: () => Promise<void>): Speaker {
  const paid = pay();
  // Awaited by every synthesis; a reply that never reaches one must not leave it unhandled.
  paid.catch(() => undefined);
  return {
    mime: speaker.mime,
    async *synthesize(text, voice, options) {
      await paid;
      yield* speaker.synthesize(text, voice, options);
    },
  };
}

/**
 * Pays for `use` from the user's AI budget before the call is made (decision 027). Refused, the
 * user is told on this socket, with the wait, and false comes back: the call is not made.
 */
export async function spendOrRefuse(
  context: ConversationContext,
  use: AiUse,
  clientId?: string,
): Promise<boolean> {
  try {
    await context.services.budget.spend(context.userId, use);
    return true;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    context.send(appErrorFrame(error, clientId));
    return false;
  }
}

/** An error frame: the code's own sentence unless a more precise one is given. */
export function errorFrame(
  code: ErrorCode,
  message: string = ERRORS[code],
  clientId?: string,
  retryAfterSeconds?: number,
) {
  return {
    type: 'error',
    code,
    message,
    ...(clientId ? { clientId } : {}),
    ...(retryAfterSeconds ? { retryAfterSeconds } : {}),
  } satisfies ServerMessage;
}

/** An AppError (a limit's refusal, say) as an error frame, with its wait when it has one. */
export function appErrorFrame(error: AppError, clientId?: string) {
  return errorFrame(error.code, error.message, clientId, error.retryAfterSeconds);
}
