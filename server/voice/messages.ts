/** Spec §8 voice-mode texts, plus what to configure when the server has no voice. */
export const VOICE_MESSAGES = {
  nothingHeard: "I couldn't hear what you said. Please try speaking again.",
  transcriptionFailed: 'Failed to process your message. Please try again.',
  speechFailed: 'Failed to generate speech response. Please try again.',
  noServerTranscription:
    'Server transcription is not configured. Set OPENAI_API_KEY (or OPENAI_BASE_URL for a local OpenAI-compatible server), or use a browser with speech recognition.',
  noServerSpeech:
    "Server speech is not configured; the browser's own voice reads replies. Set OPENAI_API_KEY for natural voices.",
} as const;
