import type { ErrorCode } from '#shared/errors';
import { VOICE_TEXT } from '#shared/text';

/** A server error frame of a voice turn, as voice mode shows it (spec §8). */
export function voiceErrorMessage(code: ErrorCode, serverMessage: string): string {
  switch (code) {
    case 'unavailable:reply':
      return VOICE_TEXT.aiFailed;
    case 'unavailable:transcription':
      return VOICE_TEXT.processingFailed;
    case 'unprocessable:nothing_heard':
      return VOICE_TEXT.nothingHeard;
    case 'unavailable:speech':
      return VOICE_TEXT.speechFailed;
    default:
      // The server's own sentences (too long, busy, not configured...) are written for users.
      return serverMessage.trim() || VOICE_TEXT.processingFailed;
  }
}
