/** Spec §8 voice-mode texts, plus what to configure when the server has no voice. */
export const VOICE_MESSAGES = {
  nothingHeard: "I couldn't hear what you said. Please try speaking again.",
  transcriptionFailed: 'Failed to process your message. Please try again.',
  speechFailed: 'Failed to generate speech response. Please try again.',
  noServerTranscription:
    'Server transcription is not configured. Ask whoever runs ChairTalk to configure an OpenAI API key (or a local OpenAI-compatible server), or use a browser with speech recognition.',
  noServerSpeech:
    "Server speech is not configured; the browser's own voice reads replies. An OpenAI API key on the server gives natural voices.",
} as const;
