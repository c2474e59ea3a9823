/** Checks an utterance before it costs a transcription call. */

import { VOICE_TEXT } from '#shared/text';
import { MAX_UTTERANCE_BYTES, MAX_UTTERANCE_MS } from '#shared/voice';

export type UtteranceCheck =
  { ok: true; durationMs: number | null; mime: string } | { ok: false; message: string };

export function checkUtterance(
  audio: Buffer,
  format: 'wav' | 'webm',
  limits = { maxBytes: MAX_UTTERANCE_BYTES, maxMs: MAX_UTTERANCE_MS },
): UtteranceCheck {
  if (audio.length === 0) return { ok: false, message: VOICE_TEXT.noAudio };
  if (audio.length > limits.maxBytes) {
    return { ok: false, message: utteranceTooLarge(limits.maxBytes, limits.maxMs) };
  }
  if (format === 'webm') {
    // EBML magic number: every WebM file starts with it.
    if (audio.length < 4 || audio.readUInt32BE(0) !== 0x1a45dfa3)
      return { ok: false, message: VOICE_TEXT.notWebm };
    return { ok: true, durationMs: null, mime: 'audio/webm' };
  }
  if (
    audio.length < 44 ||
    audio.toString('ascii', 0, 4) !== 'RIFF' ||
    audio.toString('ascii', 8, 12) !== 'WAVE'
  ) {
    return { ok: false, message: VOICE_TEXT.notWav };
  }
  const fmt = findChunk(audio, 'fmt ');
  const data = findChunk(audio, 'data');
  // A chunk header may promise more than the file holds: check before reading the fields.
  if (!fmt || !data || fmt.size < 16 || fmt.offset + 16 > audio.length)
    return { ok: false, message: VOICE_TEXT.wavDamaged };
  const audioFormat = audio.readUInt16LE(fmt.offset);
  const channels = audio.readUInt16LE(fmt.offset + 2);
  const sampleRate = audio.readUInt32LE(fmt.offset + 4);
  const bitsPerSample = audio.readUInt16LE(fmt.offset + 14);
  // PCM (1) or IEEE float (3); the VAD's encoder produces either.
  if (
    (audioFormat !== 1 && audioFormat !== 3) ||
    channels < 1 ||
    sampleRate < 8000 ||
    bitsPerSample < 8
  ) {
    return { ok: false, message: VOICE_TEXT.wavUnsupported };
  }
  const bytesPerSecond = sampleRate * channels * (bitsPerSample / 8);
  const dataBytes = Math.min(data.size, audio.length - data.offset);
  const durationMs = (dataBytes / bytesPerSecond) * 1000;
  if (durationMs > limits.maxMs) {
    return { ok: false, message: VOICE_TEXT.recordingTooLong(Math.round(limits.maxMs / 1000)) };
  }
  if (dataBytes === 0) return { ok: false, message: VOICE_TEXT.noAudio };
  return { ok: true, durationMs, mime: 'audio/wav' };
}

/** The sentence for an utterance over the size limit, naming the limits in the user's terms. */
export function utteranceTooLarge(maxBytes: number, maxMs: number): string {
  const size =
    maxBytes >= 1e6 ? `${Math.round(maxBytes / 1e6)} MB` : `${Math.round(maxBytes / 1e3)} KB`;
  return VOICE_TEXT.recordingTooLarge(size, Math.round(maxMs / 1000));
}

function findChunk(audio: Buffer, id: string): { offset: number; size: number } | null {
  let at = 12;
  while (at + 8 <= audio.length) {
    const size = audio.readUInt32LE(at + 4);
    if (audio.toString('ascii', at, at + 4) === id) return { offset: at + 8, size };
    at += 8 + size + (size % 2);
  }
  return null;
}

/** 16 kHz mono PCM16 WAV around raw samples (tests and benchmarks make utterances with it). */
export function encodeWav(samples: Int16Array, sampleRate = 16_000): Buffer {
  return pcm16Wav(Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength), sampleRate);
}

/** A mono PCM16 WAV around little-endian sample bytes (an odd last byte is left out). */
export function pcm16Wav(pcm: Buffer, sampleRate: number): Buffer {
  const whole = pcm.length - (pcm.length % 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + whole, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(whole, 40);
  return Buffer.concat([header, pcm.subarray(0, whole)]);
}
