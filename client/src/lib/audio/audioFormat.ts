/**
 * The container of a speech clip, read from its first bytes. OpenAI-compatible servers do not
 * all honour `response_format`, and Chrome picks its demuxer from the Blob's type, so the bytes
 * are trusted over the declared mime.
 */
export function sniffAudioMime(bytes: Uint8Array, declared: string): string {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return 'audio/wav';
  if (bytes.length >= 4 && ascii(0, 4) === 'OggS') return 'audio/ogg';
  if (bytes.length >= 4 && ascii(0, 4) === 'fLaC') return 'audio/flac';
  if (
    bytes.length >= 4 &&
    bytes[0] === 0x1a &&
    bytes[1] === 0x45 &&
    bytes[2] === 0xdf &&
    bytes[3] === 0xa3
  ) {
    return 'audio/webm';
  }
  if (bytes.length >= 3 && ascii(0, 3) === 'ID3') return 'audio/mpeg';
  // An MPEG audio frame starts with 11 set sync bits.
  if (bytes.length >= 2 && bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0) {
    return 'audio/mpeg';
  }
  return declared;
}
