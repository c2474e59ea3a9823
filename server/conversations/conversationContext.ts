import { ERRORS, type ErrorCode } from '../../shared/errors';
import type { ServerMessage } from '../../shared/protocol';
import type { ScenarioRecord } from '../scenarios/schema';
import type { Services } from '../services';
import { createSpeechPipeline } from '../voice/speechPipeline';
import type { Speaker } from '../voice/types';
import { voiceForScenario } from '../voice/voiceChoice';

/** One open conversation as its controller's parts see it: who, where, and how to answer. */
export interface ConversationContext {
  services: Services;
  sessionId: string;
  send(message: ServerMessage): void;
  sendBinary(bytes: Buffer): void;
  /** An error frame: the code's own sentence unless a more precise one is given. */
  sendError(code: ErrorCode, message?: string, clientId?: string): void;
  /** The conversation's scenario, read once (null if it is gone). */
  scenario(): Promise<ScenarioRecord | null>;
}

export type SpeechPipeline = ReturnType<typeof createSpeechPipeline>;

/** Speaks text on this socket in the scenario's voice; a speech failure is told, not thrown. */
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
  const { logger } = context.services;
  return createSpeechPipeline({
    speaker: input.speaker,
    voice: voiceForScenario(input.scenario),
    replyId: input.replyId,
    signal: input.signal,
    sink: { sendJson: context.send, sendBinary: context.sendBinary },
    keepAudio: context.services.audio.enabled,
    onError(error) {
      logger.warn('voice.speech_failed', { sessionId: context.sessionId, error });
      context.sendError('unavailable:speech', undefined, input.clientId);
    },
  });
}

/** An error frame: the code's own sentence unless a more precise one is given. */
export function errorFrame(code: ErrorCode, message: string = ERRORS[code], clientId?: string) {
  return {
    type: 'error',
    code,
    message,
    ...(clientId ? { clientId } : {}),
  } satisfies ServerMessage;
}
