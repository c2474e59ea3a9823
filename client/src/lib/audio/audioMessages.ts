/**
 * What the user reads when the microphone or the speaker lets them down (spec §8). Pure, so the
 * mapping from browser error to sentence can be tested without a browser.
 */

import { MICROPHONE_TEXT, PLAYBACK_TEXT } from '#shared/text';

export type MicrophoneProblem = keyof typeof MICROPHONE_TEXT;

function errorName(error: unknown): string {
  if (error && typeof error === 'object' && 'name' in error && typeof error.name === 'string') {
    return error.name;
  }
  return '';
}

function errorText(error: unknown): string {
  if (error && typeof error === 'object' && 'message' in error) {
    const message = (error as { message: unknown }).message;
    if (typeof message === 'string') return message.trim();
  }
  return typeof error === 'string' ? error.trim() : '';
}

/** getUserMedia's DOMException names (and their old Chrome aliases) to the §8 causes. */
export function microphoneProblem(error: unknown): MicrophoneProblem {
  switch (errorName(error)) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
      return 'denied';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
      return 'notFound';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'inUse';
    case 'SecurityError':
      return 'insecure';
    default:
      return 'other';
  }
}

export function microphoneErrorMessage(error: unknown): string {
  return MICROPHONE_TEXT[microphoneProblem(error)];
}

/** Failures of an <audio> element: its MediaError codes, or the play() promise's DOMException. */
const MEDIA_ERROR_REASONS: Record<number, string> = {
  1: 'playback was interrupted',
  2: 'a network error interrupted the audio',
  3: 'the audio could not be decoded',
};
const MEDIA_ERR_SRC_NOT_SUPPORTED = 4;

export function playbackErrorMessage(error: unknown): string {
  const name = errorName(error);
  if (name === 'NotAllowedError') return PLAYBACK_TEXT.blocked;
  if (name === 'NotSupportedError') return PLAYBACK_TEXT.unsupported;
  const code =
    error && typeof error === 'object' && 'code' in error && typeof error.code === 'number'
      ? error.code
      : null;
  if (name === '' && code === MEDIA_ERR_SRC_NOT_SUPPORTED) return PLAYBACK_TEXT.unsupported;
  const reason =
    errorText(error) || (code !== null ? MEDIA_ERROR_REASONS[code] : undefined) || 'unknown error';
  // The reason sits mid-sentence: no trailing full stop of its own.
  return PLAYBACK_TEXT.failed(reason.replace(/[.\s]+$/, ''));
}

/** Retrying cannot help these: the browser wants a click, or cannot decode the format at all. */
export function isPermanentPlaybackError(error: unknown): boolean {
  return errorName(error) === 'NotAllowedError';
}
