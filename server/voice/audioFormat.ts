/** WAV framing of PCM16 samples, and the sentence for an utterance over the size limit. */

import { VOICE_TEXT } from '#shared/text';

/** The sentence for an utterance over the size limit, naming the limits in the user's terms. */
export function utteranceTooLarge(maxBytes: number, maxMs: number): string {
  const size =
    maxBytes >= 1e6 ? `${Math.round(maxBytes / 1e6)} MB` : `${Math.round(maxBytes / 1e3)} KB`;
  return VOICE_TEXT.recordingTooLarge(size, Math.round(maxMs / 1000));
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
