import { describe, expect, it } from 'vitest';
import { pcm16DurationMs, speechRecording, utteranceRecording } from '#server/audio/recording';
import { pcm16Wav } from '#server/voice/audioFormat';

const pcm = (samples: number[]) => Buffer.from(Int16Array.from(samples).buffer);

/** The fields of a WAV header, read back as a player would. */
function readWav(wav: Buffer) {
  return {
    riff: wav.toString('ascii', 0, 4),
    riffSize: wav.readUInt32LE(4),
    wave: wav.toString('ascii', 8, 12),
    format: wav.readUInt16LE(20),
    channels: wav.readUInt16LE(22),
    rate: wav.readUInt32LE(24),
    byteRate: wav.readUInt32LE(28),
    blockAlign: wav.readUInt16LE(32),
    bits: wav.readUInt16LE(34),
    dataSize: wav.readUInt32LE(40),
    samples: Array.from({ length: (wav.length - 44) / 2 }, (_, i) => wav.readInt16LE(44 + i * 2)),
  };
}

describe('recordings kept for replay', () => {
  it('wraps PCM16 samples in a mono WAV header that states their rate and size', () => {
    const wav = pcm16Wav(pcm([0, 1, -1, 32767, -32768]), 24_000);
    expect(readWav(wav)).toEqual({
      riff: 'RIFF',
      riffSize: 36 + 10,
      wave: 'WAVE',
      format: 1,
      channels: 1,
      rate: 24_000,
      byteRate: 48_000,
      blockAlign: 2,
      bits: 16,
      dataSize: 10,
      samples: [0, 1, -1, 32767, -32768],
    });
  });

  it('drops a trailing half sample rather than shifting the data size', () => {
    const wav = pcm16Wav(Buffer.from([1, 0, 2]), 16_000);
    expect(readWav(wav)).toMatchObject({ dataSize: 2, samples: [1] });
  });

  it.each([
    [32_000, 16_000, 1000],
    [48_000, 24_000, 1000],
    [3, 16_000, 0],
    [23_360, 16_000, 730],
  ])('%i bytes of PCM16 at %i Hz last %i ms', (bytes, rate, ms) => {
    expect(pcm16DurationMs(bytes, rate)).toBe(ms);
  });

  it("joins a turn's utterances, in order, into one 16 kHz WAV", () => {
    const recording = utteranceRecording([pcm([1, 2]), pcm([3]), pcm([4, 5, 6])]);
    expect(recording).toMatchObject({ mime: 'audio/wav', durationMs: 0 });
    expect(readWav(recording!.data)).toMatchObject({ rate: 16_000, samples: [1, 2, 3, 4, 5, 6] });
    expect(utteranceRecording([])).toBeNull();
  });

  it.each([
    ['audio/pcm;rate=24000', 'audio/wav', 24_000],
    ['audio/pcm', 'audio/wav', 24_000],
    ['audio/pcm;rate=16000', 'audio/wav', 16_000],
  ])('speech sent as %s is kept as %s at %i Hz', (mime, kept, rate) => {
    const recording = speechRecording(mime, [pcm([7, 8]), pcm([9])]);
    expect(recording?.mime).toBe(kept);
    expect(readWav(recording!.data)).toMatchObject({ rate, samples: [7, 8, 9] });
  });

  it('speech in mp3 is kept as the bytes sent, its length left to the player', () => {
    const recording = speechRecording('audio/mpeg', [Buffer.from('ID3'), Buffer.from([1, 2])]);
    expect(recording).toEqual({
      mime: 'audio/mpeg',
      data: Buffer.concat([Buffer.from('ID3'), Buffer.from([1, 2])]),
      durationMs: null,
    });
    expect(speechRecording('audio/mpeg', [])).toBeNull();
  });
});
