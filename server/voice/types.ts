/** Audio roles, filled by an OpenAI-compatible server or absent (the browser's own speech). */
export interface Transcriber {
  transcribe(
    audio: Buffer,
    input: { format: 'wav' | 'webm' },
    options: { signal: AbortSignal },
  ): Promise<string>;
}

export type SpeechVoice = 'nova' | 'echo' | 'alloy';

export interface Speaker {
  readonly mime: string;
  /** Yields the audio bytes as they arrive. */
  synthesize(
    text: string,
    voice: SpeechVoice,
    options: { signal: AbortSignal },
  ): AsyncIterable<Buffer>;
}
