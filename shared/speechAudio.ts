/**
 * The patient's voice as the server sends it and the browser plays it. Streamable speech is raw
 * PCM (OpenAI's `pcm`: 24 kHz mono 16-bit little-endian), so the browser can play each chunk
 * the moment it arrives; other formats (mp3) are played once their sentence is complete.
 */

export const SPEECH_PCM_SAMPLE_RATE = 24_000;
export const SPEECH_PCM_MIME = `audio/pcm;rate=${SPEECH_PCM_SAMPLE_RATE}`;
const BYTES_PER_SAMPLE = 2;

/** The sample rate of a raw PCM16 mime ('audio/pcm;rate=24000'), or null for any other format. */
export function pcmSampleRate(mime: string): number | null {
  const [type, ...params] = mime.split(';').map((part) => part.trim().toLowerCase());
  if (type !== 'audio/pcm' && type !== 'audio/l16') return null;
  for (const param of params) {
    const [key, value] = param.split('=');
    if (key === 'rate' && value && /^\d+$/.test(value)) return Number(value);
  }
  return SPEECH_PCM_SAMPLE_RATE;
}

/**
 * Cuts streamed PCM16 bytes into whole samples. Network chunks fall anywhere, half a sample
 * included; a half sample sent on its own would shift every later sample by a byte (loud noise),
 * so it is carried over to the next chunk.
 */
export function wholeSamples(
  carry: Uint8Array,
  incoming: Uint8Array,
): { whole: Uint8Array; carry: Uint8Array } {
  const total = carry.length + incoming.length;
  const wholeLength = total - (total % BYTES_PER_SAMPLE);
  if (carry.length === 0 && wholeLength === incoming.length) {
    return { whole: incoming, carry: new Uint8Array(0) };
  }
  const joined = new Uint8Array(total);
  joined.set(carry, 0);
  joined.set(incoming, carry.length);
  return { whole: joined.subarray(0, wholeLength), carry: joined.slice(wholeLength) };
}

/** PCM16 little-endian samples as the floats Web Audio plays (-1..1). */
export function pcm16ToFloat32(bytes: Uint8Array): Float32Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const samples = new Float32Array(Math.floor(bytes.byteLength / BYTES_PER_SAMPLE));
  for (let i = 0; i < samples.length; i++) {
    samples[i] = view.getInt16(i * BYTES_PER_SAMPLE, true) / 32768;
  }
  return samples;
}
