import { describe, expect, it } from 'vitest';
import { Downsampler } from '#client/lib/audio/capture/downsampler';

function sine(rate: number, hz: number, seconds: number): Float32Array {
  return Float32Array.from(
    { length: Math.round(rate * seconds) },
    (_, i) => 0.5 * Math.sin((2 * Math.PI * hz * i) / rate),
  );
}

const rms = (samples: Float32Array) =>
  Math.sqrt(samples.reduce((sum, s) => sum + s * s, 0) / samples.length);

/** Feeds `input` in blocks of the given sizes (cycling), and joins what comes out. */
function inBlocks(down: Downsampler, input: Float32Array, sizes: number[]): Float32Array {
  const parts: number[] = [];
  let at = 0;
  for (let i = 0; at < input.length; i += 1) {
    const size = sizes[i % sizes.length]!;
    parts.push(...down.process(input.subarray(at, at + size)));
    at += size;
  }
  return Float32Array.from(parts);
}

describe('Downsampler (the audio context rate to 16 kHz)', () => {
  it.each([
    [48_000, 16_000],
    [44_100, 16_000],
    [16_000, 16_000],
  ])('%i Hz gives one 16 kHz sample per 1/16000 s (within one sample)', (rate) => {
    const out = new Downsampler(rate, 16_000).process(new Float32Array(rate));
    expect(Math.abs(out.length - 16_000)).toBeLessThanOrEqual(1);
  });

  it('does not depend on how the input is split into blocks', () => {
    const input = sine(44_100, 440, 0.5);
    const whole = new Downsampler(44_100, 16_000).process(input);
    const split = inBlocks(new Downsampler(44_100, 16_000), input, [128, 1, 1000, 77]);
    expect(split.length).toBe(whole.length);
    expect(Array.from(split)).toEqual(Array.from(whole));
  });

  it('keeps a level signal level and speech-band tones at their loudness', () => {
    const level = new Downsampler(48_000, 16_000).process(new Float32Array(4800).fill(0.25));
    expect(new Set(level)).toEqual(new Set([0.25]));
    const tone = new Downsampler(48_000, 16_000).process(sine(48_000, 1_000, 1));
    expect(rms(tone)).toBeCloseTo(0.5 / Math.SQRT2, 1);
  });

  it('takes most of a tone above 8 kHz away rather than folding it into speech', () => {
    const high = new Downsampler(48_000, 16_000).process(sine(48_000, 15_000, 1));
    // Without a filter (taking every third sample) it would come through at full loudness.
    expect(rms(high)).toBeLessThan(0.2 * (0.5 / Math.SQRT2));
  });

  it('refuses to upsample', () => {
    expect(() => new Downsampler(8_000, 16_000)).toThrow(RangeError);
  });

  it('starts afresh after reset', () => {
    const down = new Downsampler(48_000, 16_000);
    down.process(new Float32Array(1000).fill(1));
    down.reset();
    const out = down.process(new Float32Array(6).fill(0));
    expect(Array.from(out)).toEqual([0]);
  });
});
