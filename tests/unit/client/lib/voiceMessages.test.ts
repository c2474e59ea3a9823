import { describe, expect, it } from 'vitest';
import {
  isPermanentPlaybackError,
  microphoneErrorMessage,
  playbackErrorMessage,
} from '#client/lib/audio/audioMessages';
import { recognitionErrorMessage } from '#client/lib/audio/speechRecognition';
import { voiceErrorMessage } from '#client/features/voice/voiceText';
import { VOICE_STATUS } from '#shared/text';

const dom = (name: string, message = '') => Object.assign(new Error(message), { name });

describe('voice mode status lines (spec §2, in order)', () => {
  it('are the spec sentences, with our one line for a detector still getting ready', () => {
    const { preparing, ...spec } = VOICE_STATUS;
    expect(preparing).toBe('Getting ready to listen...');
    expect(Object.values(spec)).toEqual([
      'Click the microphone button to start speaking',
      'Listening... (speak now)',
      'Processing your message...',
      'Getting response from AI...',
      'Converting response to speech...',
      'Playing AI response...',
      'Click the microphone button to speak again',
    ]);
  });
});

describe('microphone errors (spec §8)', () => {
  it.each([
    [
      'NotAllowedError',
      'Microphone access denied. Please allow microphone permissions in your browser settings.',
    ],
    [
      'PermissionDeniedError',
      'Microphone access denied. Please allow microphone permissions in your browser settings.',
    ],
    ['NotFoundError', 'No microphone detected. Please connect a microphone and try again.'],
    ['DevicesNotFoundError', 'No microphone detected. Please connect a microphone and try again.'],
    [
      'NotReadableError',
      /^Cannot access the microphone\. It may be in use by another application or disconnected/,
    ],
    ['TrackStartError', /^Cannot access the microphone/],
    ['SecurityError', /^Security error: .*HTTPS/],
    ['TypeError', 'Recording error occurred. Please try again.'],
  ])('%s → %s', (name, expected) => {
    const message = microphoneErrorMessage(dom(name));
    if (typeof expected === 'string') expect(message).toBe(expected);
    else expect(message).toMatch(expected);
  });

  it('anything that is not an error object is a recording error', () => {
    expect(microphoneErrorMessage(undefined)).toBe('Recording error occurred. Please try again.');
    expect(microphoneErrorMessage('boom')).toBe('Recording error occurred. Please try again.');
  });
});

describe('playback errors (spec §8)', () => {
  it('blocked by the browser asks for a click, and is not worth retrying', () => {
    const error = dom('NotAllowedError', "play() failed because the user didn't interact");
    expect(playbackErrorMessage(error)).toMatch(/blocked by your browser\. Click Retry Audio/);
    expect(isPermanentPlaybackError(error)).toBe(true);
  });

  it('an unsupported format says so (from play() or from the media element)', () => {
    expect(playbackErrorMessage(dom('NotSupportedError'))).toMatch(/format is not supported/);
    expect(playbackErrorMessage({ code: 4, message: '' })).toMatch(/format is not supported/);
  });

  it.each([
    [
      new Error('the audio took too long to load'),
      'Audio playback failed: the audio took too long to load. Please try again.',
    ],
    [
      { code: 3, message: '' },
      'Audio playback failed: the audio could not be decoded. Please try again.',
    ],
    [
      { code: 2, message: 'PIPELINE_ERROR_NETWORK.' },
      'Audio playback failed: PIPELINE_ERROR_NETWORK. Please try again.',
    ],
    [null, 'Audio playback failed: unknown error. Please try again.'],
  ])('otherwise "Audio playback failed: {reason}. Please try again." (%#)', (error, expected) => {
    expect(playbackErrorMessage(error)).toBe(expected);
    expect(isPermanentPlaybackError(error)).toBe(false);
  });
});

describe('server errors in voice mode (spec §8)', () => {
  it.each([
    [
      'unavailable:reply',
      "I apologize, but I'm having trouble responding right now.",
      'Error getting response from AI. Please try again.',
    ],
    ['unavailable:transcription', 'x', 'Failed to process your message. Please try again.'],
    [
      'unprocessable:nothing_heard',
      'x',
      "I couldn't hear what you said. Please try speaking again.",
    ],
    ['unavailable:speech', 'x', 'Failed to generate speech response. Please try again.'],
    [
      'bad_request:audio',
      'That recording is too long. Please keep each turn under 30 seconds.',
      'That recording is too long. Please keep each turn under 30 seconds.',
    ],
    [
      'unavailable:server_transcription',
      'Server transcription is not configured. Set OPENAI_API_KEY.',
      'Server transcription is not configured. Set OPENAI_API_KEY.',
    ],
    ['conflict:busy', '', 'Failed to process your message. Please try again.'],
  ] as const)('%s', (code, serverMessage, expected) => {
    expect(voiceErrorMessage(code, serverMessage)).toBe(expected);
  });
});

describe("the browser's speech recognition errors", () => {
  it.each([
    [
      'not-allowed',
      'Microphone access denied. Please allow microphone permissions in your browser settings.',
    ],
    ['audio-capture', 'No microphone detected. Please connect a microphone and try again.'],
    ['no-speech', "I couldn't hear what you said. Please try speaking again."],
    ['something-new', 'Recording error occurred. Please try again.'],
  ])('%s', (code, expected) => {
    expect(recognitionErrorMessage(code)).toBe(expected);
  });
});
