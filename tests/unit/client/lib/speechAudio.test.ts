import { describe, expect, it } from 'vitest';
import { pcm16ToFloat32, pcmSampleRate, SPEECH_PCM_MIME, wholeSamples } from '#shared/speechAudio';
import {
  ASSUMED_CHARS_PER_SECOND,
  nextStart,
  playedSeconds,
  scheduleChunks,
  SCHEDULE_LEAD_SECONDS,
  sentenceFraction,
} from '#client/lib/audio/playbackSchedule';

const LEAD = SCHEDULE_LEAD_SECONDS;

describe('PCM speech format', () => {
  it.each([
    [SPEECH_PCM_MIME, 24_000],
    ['audio/pcm;rate=16000', 16_000],
    ['audio/pcm; rate=48000', 48_000],
    ['audio/pcm', 24_000],
    ['audio/L16;rate=8000', 8000],
    ['audio/mpeg', null],
    ['audio/wav', null],
    ['audio/pcm;rate=fast', 24_000],
  ])('%s → %s Hz', (mime, rate) => {
    expect(pcmSampleRate(mime)).toBe(rate);
  });

  it('converts little-endian int16 to floats, wherever the bytes sit in their buffer', () => {
    const backing = new Uint8Array([9, 0x00, 0x40, 0x00, 0x80, 0xff, 0x7f, 0x00, 0x00]);
    // Starts at an odd offset: a DataView, not an Int16Array, can read it.
    const floats = pcm16ToFloat32(backing.subarray(1, 9));
    expect([...floats]).toEqual([0.5, -1, 32767 / 32768, 0]);
  });
});

describe('whole samples: a half sample is carried to the next chunk, never sent alone', () => {
  const bytes = (...values: number[]) => new Uint8Array(values);
  it.each([
    // [carry, incoming, whole, carry after]
    [[], [1, 2, 3, 4], [1, 2, 3, 4], []],
    [[], [1, 2, 3], [1, 2], [3]],
    [[3], [4, 5, 6], [3, 4, 5, 6], []],
    [[3], [4, 5], [3, 4], [5]],
    [[], [1], [], [1]],
    [[1], [], [], [1]],
    [[], [], [], []],
  ])('carry %j + %j → %j, carrying %j', (carry, incoming, whole, rest) => {
    const cut = wholeSamples(bytes(...carry), bytes(...incoming));
    expect([...cut.whole]).toEqual(whole);
    expect([...cut.carry]).toEqual(rest);
  });

  it('loses no byte and never splits a sample, whatever the chunk sizes', () => {
    const source = Uint8Array.from({ length: 1001 }, (_, i) => i % 256);
    const sizes = [1, 3, 2, 7, 100, 1, 1, 5, 881];
    let carry: Uint8Array = new Uint8Array(0);
    let at = 0;
    const out: number[] = [];
    for (const size of sizes) {
      const cut = wholeSamples(carry, source.subarray(at, at + size));
      at += size;
      carry = cut.carry;
      expect(cut.whole.length % 2).toBe(0);
      out.push(...cut.whole);
    }
    expect(at).toBe(source.length);
    // The last odd byte (half a sample) stays behind.
    expect(out).toEqual([...source.subarray(0, 1000)]);
    expect([...carry]).toEqual([source[1000]]);
  });
});

describe('gapless scheduling on one clock', () => {
  it('starts a chunk at the end of the previous one, or just after now if playback ran dry', () => {
    expect(nextStart(0, 0)).toBe(LEAD);
    expect(nextStart(1, 2.5)).toBe(2.5);
    expect(nextStart(3, 2.5)).toBe(3 + LEAD);
  });

  it('plays chunks back to back while they arrive faster than they play', () => {
    // Arrival times and durations (seconds): a sentence in four chunks, then the next sentence.
    const chunks = [
      { arrival: 0, duration: 0.4 },
      { arrival: 0.1, duration: 0.4 },
      { arrival: 0.15, duration: 0.2 },
      { arrival: 0.3, duration: 0.5 },
      { arrival: 0.35, duration: 0.6 },
    ];
    const spans = scheduleChunks(chunks);
    expect(spans[0]!.start).toBe(LEAD);
    for (let i = 1; i < spans.length; i++) {
      // Contiguous: each starts exactly where the one before ends.
      expect(spans[i]!.start).toBeCloseTo(spans[i - 1]!.start + spans[i - 1]!.duration, 12);
    }
  });

  it('after running dry, starts the late chunk at once rather than in the past', () => {
    const spans = scheduleChunks([
      { arrival: 0, duration: 0.2 },
      { arrival: 1, duration: 0.2 },
      { arrival: 1.05, duration: 0.2 },
    ]);
    expect(spans.map((s) => s.start)).toEqual([LEAD, 1 + LEAD, 1 + LEAD + 0.2]);
  });

  it('counts what was played of a sentence from the clock', () => {
    const spans = [
      { start: 1, duration: 0.5 },
      { start: 1.5, duration: 0.5 },
    ];
    expect(playedSeconds(spans, 0.5)).toBe(0);
    expect(playedSeconds(spans, 1.25)).toBe(0.25);
    expect(playedSeconds(spans, 1.75)).toBe(0.75);
    expect(playedSeconds(spans, 9)).toBe(1);
  });

  it.each([
    // [played, received, complete, text length, fraction]
    [1, 4, true, 40, 0.25],
    [4, 4, true, 40, 1],
    [0, 0, true, 40, 0],
    // Still arriving: its length is at least what its text takes to say.
    [1, 2, false, ASSUMED_CHARS_PER_SECOND * 4, 0.25],
    [1, 8, false, ASSUMED_CHARS_PER_SECOND * 4, 0.125],
    [5, 4, true, 40, 1],
  ])(
    'played %ss of %ss (complete: %s, %i characters) → %s',
    (played, received, complete, chars, fraction) => {
      expect(sentenceFraction({ text: 'x'.repeat(chars), played, received, complete })).toBeCloseTo(
        fraction,
        12,
      );
    },
  );
});
