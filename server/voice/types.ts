import type { LanguageCode } from '#shared/languages';

/** Audio roles, filled by an OpenAI-compatible server or absent (the browser's own speech). */
export interface Transcriber {
  /** `language`: the conversation's, which the clinician speaks (decision 048). */
  transcribe(
    audio: Buffer,
    input: { format: 'wav' | 'webm'; language: LanguageCode },
    options: { signal: AbortSignal },
  ): Promise<string>;
}

export type SpeechVoice = 'nova' | 'echo' | 'alloy';

/** How the patient sounds: a voice, and the language and person it speaks as. */
export interface PatientVoice {
  name: SpeechVoice;
  language: LanguageCode;
  /** For speech models that take them: the language, accent, age and manner to speak with. */
  instructions: string;
}

export interface Speaker {
  readonly mime: string;
  /** Yields the audio bytes as they arrive. */
  synthesize(
    text: string,
    voice: PatientVoice,
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
  open(options: {
    signal: AbortSignal;
    /** The conversation's, which the clinician speaks (decision 048). */
    language: LanguageCode;
    onPartial(text: string): void;
  }): TranscriptionStream;
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
