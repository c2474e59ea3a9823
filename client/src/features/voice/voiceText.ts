import type { SocketErrorCode } from '../../../../shared/protocol';

/** Spec §2 'Voice Conversation Mode': the status line for each step of a turn, in order. */
export const VOICE_STATUS = {
  start: 'Click the microphone button to start speaking',
  listening: 'Listening... (speak now)',
  processing: 'Processing your message...',
  gettingReply: 'Getting response from AI...',
  converting: 'Converting response to speech...',
  playing: 'Playing AI response...',
  again: 'Click the microphone button to speak again',
} as const;

/** Spec §8 voice-mode messages that the browser side raises itself. */
export const VOICE_MESSAGES = {
  nothingHeard: "I couldn't hear what you said. Please try speaking again.",
  noAudio: 'No audio recorded. Please try again and speak clearly.',
  processingFailed: 'Failed to process your message. Please try again.',
  recordingError: 'Recording error occurred. Please try again.',
  aiFailed: 'Error getting response from AI. Please try again.',
  speechFailed: 'Failed to generate speech response. Please try again.',
  initFailed: 'Failed to initialize audio recording. Please try a different browser.',
  stopFailed: 'Error stopping recording. Please refresh the page and try again.',
  /** Neither the server nor this browser can turn speech into text. */
  notConfigured:
    'Voice input needs speech-to-text, and none is available: the server has no transcription configured and this browser has no speech recognition. Ask whoever runs ChairTalk to configure an OpenAI API key (or a local OpenAI-compatible server) on the server, or use Chrome or Edge. You can keep typing in the chat meanwhile.',
  offline:
    'The connection to the conversation is down. Voice mode will work again once it is back.',
  ended: 'This conversation has ended.',
} as const;

/** A server error frame of a voice turn, as voice mode shows it (spec §8). */
export function voiceErrorMessage(code: SocketErrorCode, serverMessage: string): string {
  switch (code) {
    case 'ai_failed':
      return VOICE_MESSAGES.aiFailed;
    case 'transcription_failed':
      return VOICE_MESSAGES.processingFailed;
    case 'nothing_heard':
      return VOICE_MESSAGES.nothingHeard;
    case 'speech_failed':
      return VOICE_MESSAGES.speechFailed;
    default:
      // The server's own sentences (too long, busy, not configured...) are written for users.
      return serverMessage.trim() || VOICE_MESSAGES.processingFailed;
  }
}
