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

/**
 * Transcription while the clinician speaks: one session per utterance, fed frames as they
 * arrive. Partials are shown as they come; `commit` (the VAD's end of speech) gives the final
 * text. A session that fails rejects `commit`, and the caller falls back to the batch
 * transcriber on the audio it kept, so no words are lost.
 */
export interface StreamingTranscriber {
  open(options: { signal: AbortSignal; onPartial(text: string): void }): TranscriptionStream;
}

export interface TranscriptionStream {
  /** 16 kHz mono PCM16 samples, in order, as they arrive. */
  append(pcm: Buffer): void;
  /**
   * A pause in the speech: the audio so far is made final while the session stays open for
   * more. Resolves with the final words of everything appended so far (rejects as `commit`).
   */
  checkpoint(): Promise<string>;
  /** End of speech: resolves with the final transcript, rejects if the session failed. */
  commit(): Promise<string>;
  /** Ends the session without a transcript (a misfire, a cancel, the socket closing). */
  close(): void;
}
