import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPcm16Resampler, INPUT_RATE, OUTPUT_RATE } from '#server/voice/resample';

function pcm(samples: readonly number[]): Buffer {
  const bytes = Buffer.alloc(samples.length * 2);
  samples.forEach((sample, i) => bytes.writeInt16LE(sample, i * 2));
  return bytes;
}

function samplesOf(bytes: Buffer): number[] {
  const out: number[] = [];
  for (let at = 0; at + 1 < bytes.length; at += 2) out.push(bytes.readInt16LE(at));
  return out;
}

/**
 * The definition, written independently of the module: output n is the input read at time
 * n / 24000 s, i.e. at input position 2n/3, linearly interpolated, for every position inside
 * the signal.
 */
function resampleWhole(input: readonly number[]): number[] {
  const out: number[] = [];
  for (let n = 0; (n * INPUT_RATE) / OUTPUT_RATE <= input.length - 1; n++) {
    const position = (n * INPUT_RATE) / OUTPUT_RATE;
    const i = Math.floor(position);
    const fraction = position - i;
    const a = input[i]!;
    // `+ 0` turns Math.round's -0 into the 0 a PCM16 sample holds.
    out.push(fraction === 0 ? a : Math.round(a + (input[i + 1]! - a) * fraction) + 0);
  }
  return out;
}

/** Feeds `bytes` cut at the given offsets, returns everything produced. */
function resampleInPieces(bytes: Buffer, cuts: readonly number[]): number[] {
  const resampler = createPcm16Resampler();
  const offsets = [...new Set([0, ...cuts, bytes.length])].sort((a, b) => a - b);
  const out: Buffer[] = [];
  for (let i = 0; i + 1 < offsets.length; i++) {
    out.push(resampler.push(bytes.subarray(offsets[i], offsets[i + 1])));
  }
  const all = samplesOf(Buffer.concat(out));
  expect(resampler.samplesOut).toBe(all.length);
  return all;
}

describe('16 kHz → 24 kHz resampling', () => {
  it.each([
    { input: [], output: [] },
    { input: [1000], output: [1000] },
    // Two inputs span 1/16000 s: outputs at 0 and 2/3 of the way.
    { input: [0, 300], output: [0, 200] },
    { input: [0, 300, 600], output: [0, 200, 400, 600] },
    { input: [-32768, 32767, -32768], output: [-32768, 10922, 10922, -32768] },
    { input: [3, 3, 3, 3, 3], output: [3, 3, 3, 3, 3, 3, 3] },
    // Rounds to the nearest integer, a small negative value to zero.
    { input: [0, 1, -3], output: [0, 1, 0, -3] },
  ])('$input → $output', ({ input, output }) => {
    expect(resampleWhole(input)).toEqual(output);
    expect(resampleInPieces(pcm(input), [])).toEqual(output);
  });

  it('gives the same samples whatever the pieces, even cut inside a sample', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -32768, max: 32767 }), { maxLength: 400 }),
        fc.array(fc.nat(), { maxLength: 20 }),
        (input, rawCuts) => {
          const bytes = pcm(input);
          const cuts = rawCuts.map((cut) => (bytes.length === 0 ? 0 : cut % bytes.length));
          expect(resampleInPieces(bytes, cuts)).toEqual(resampleWhole(input));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('gives the same samples for 20 ms capture frames as for the whole utterance', () => {
    const input = Array.from({ length: 16_000 }, (_, i) => Math.round(8000 * Math.sin(i / 7)));
    const frameBytes = (INPUT_RATE / 50) * 2;
    const cuts = Array.from({ length: 50 }, (_, i) => i * frameBytes);
    expect(resampleInPieces(pcm(input), cuts)).toEqual(resampleWhole(input));
  });

  it.each([440, 1000, 3000])('keeps a %i Hz tone at its pitch and loudness', (hz) => {
    const amplitude = 10_000;
    const input = Array.from({ length: INPUT_RATE }, (_, i) =>
      Math.round(amplitude * Math.sin((2 * Math.PI * hz * i) / INPUT_RATE)),
    );
    const output = resampleInPieces(pcm(input), [3200, 6400, 12_801]);
    // One second in gives one second out (less the last input sample's 2/3 of a step).
    expect(output.length).toBe(OUTPUT_RATE - 1);

    // Pitch: a sine crosses zero twice per cycle, counted at the output's own rate.
    let crossings = 0;
    for (let i = 1; i < output.length; i++) {
      if (output[i - 1]! < 0 !== output[i]! < 0) crossings++;
    }
    expect(Math.abs(crossings / 2 - hz)).toBeLessThanOrEqual(1);

    // Loudness: the energy at the tone's frequency, read at 24 kHz, is nearly all of it.
    const energyAt = (f: number) => {
      let re = 0;
      let im = 0;
      output.forEach((sample, i) => {
        re += sample * Math.cos((2 * Math.PI * f * i) / OUTPUT_RATE);
        im -= sample * Math.sin((2 * Math.PI * f * i) / OUTPUT_RATE);
      });
      return (re * re + im * im) / output.length;
    };
    const total = output.reduce((sum, sample) => sum + sample * sample, 0);
    // A pure tone's energy at its own frequency is half the total (the other half at -f).
    expect(energyAt(hz) / (total / 2)).toBeGreaterThan(0.97);
    expect(energyAt(hz * 1.5) / (total / 2)).toBeLessThan(0.01);
  });
});
