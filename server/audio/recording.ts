import { pcmSampleRate } from '#shared/speechAudio';
import { STREAM_SAMPLE_RATE } from '#shared/voice';
import { pcm16Wav } from '../voice/audioFormat';

/** One turn's audio as it is kept and served: a playable file, not raw samples. */
export interface Recording {
  mime: string;
  data: Buffer;
  /** Known for WAV; null where only the browser can tell (mp3, WebM). */
  durationMs: number | null;
}

export function pcm16DurationMs(pcmBytes: number, sampleRate: number): number {
  return Math.round((Math.floor(pcmBytes / 2) / sampleRate) * 1000);
}

/** The clinician's streamed utterances (16 kHz PCM16 frames, in order) as one WAV. */
export function utteranceRecording(pcm: readonly Buffer[]): Recording | null {
  const joined = Buffer.concat(pcm);
  if (joined.length < 2) return null;
  return {
    mime: 'audio/wav',
    data: pcm16Wav(joined, STREAM_SAMPLE_RATE),
    durationMs: pcm16DurationMs(joined.length, STREAM_SAMPLE_RATE),
  };
}

/**
 * The patient's speech as the speaker produced it, chunk by chunk: raw PCM becomes a WAV at its
 * rate; other formats (mp3) are files already and are kept as their bytes.
 */
export function speechRecording(mime: string, chunks: readonly Buffer[]): Recording | null {
  const joined = Buffer.concat(chunks);
  if (joined.length === 0) return null;
  const rate = pcmSampleRate(mime);
  if (rate === null) {
    return { mime: mime.split(';')[0]!.trim(), data: joined, durationMs: null };
  }
  if (joined.length < 2) return null;
  return {
    mime: 'audio/wav',
    data: pcm16Wav(joined, rate),
    durationMs: pcm16DurationMs(joined.length, rate),
  };
}
