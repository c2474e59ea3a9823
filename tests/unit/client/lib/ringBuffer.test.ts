import { describe, expect, it } from 'vitest';
import { SampleRingBuffer } from '#client/lib/audio/capture/ringBuffer';

/** Samples numbered from `from`, so every position can be recognised in what comes back. */
const numbered = (from: number, count: number) =>
  Float32Array.from({ length: count }, (_, i) => from + i);

const list = (samples: Float32Array) => Array.from(samples);

describe('SampleRingBuffer (the last seconds of microphone audio)', () => {
  it('reads back what was written, by absolute position', () => {
    const ring = new SampleRingBuffer(8);
    ring.write(numbered(0, 3));
    ring.write(numbered(3, 2));
    expect(ring.written).toBe(5);
    expect(ring.oldest).toBe(0);
    expect(list(ring.readSince(0))).toEqual([0, 1, 2, 3, 4]);
    expect(list(ring.readSince(2))).toEqual([2, 3, 4]);
    expect(list(ring.readSince(1, 3))).toEqual([1, 2]);
    // Nothing past the newest sample, nothing for an empty or reversed range.
    expect(list(ring.readSince(5))).toEqual([]);
    expect(list(ring.readSince(3, 99))).toEqual([3, 4]);
    expect(list(ring.readSince(4, 2))).toEqual([]);
  });

  it('wraps around: a read that spans the end of the storage comes back in order', () => {
    const ring = new SampleRingBuffer(8);
    ring.write(numbered(0, 6));
    ring.write(numbered(6, 5)); // positions 8..10 land at the start of the storage
    expect(ring.written).toBe(11);
    expect(ring.oldest).toBe(3);
    expect(list(ring.readSince(3))).toEqual([3, 4, 5, 6, 7, 8, 9, 10]);
    expect(list(ring.readSince(6, 10))).toEqual([6, 7, 8, 9]);
  });

  it('overflow drops the oldest samples; reading from before them starts at the oldest', () => {
    const ring = new SampleRingBuffer(4);
    for (let i = 0; i < 10; i += 1) ring.write(numbered(i, 1));
    expect(ring.oldest).toBe(6);
    expect(list(ring.readSince(0))).toEqual([6, 7, 8, 9]);
    expect(list(ring.readSince(0, 7))).toEqual([6]);
    expect(list(ring.readSince(0, 5))).toEqual([]);
  });

  it('a single write longer than the ring keeps only its newest samples', () => {
    const ring = new SampleRingBuffer(4);
    ring.write(numbered(0, 3));
    ring.write(numbered(3, 7));
    expect(ring.written).toBe(10);
    expect(list(ring.readSince(0))).toEqual([6, 7, 8, 9]);
    ring.write(numbered(10, 2));
    expect(list(ring.readSince(8))).toEqual([8, 9, 10, 11]);
  });

  it('reads are copies: later writes do not change them', () => {
    const ring = new SampleRingBuffer(4);
    ring.write(numbered(0, 4));
    const read = ring.readSince(0);
    ring.write(numbered(4, 4));
    expect(list(read)).toEqual([0, 1, 2, 3]);
  });

  it('refuses a capacity that is not a positive whole number', () => {
    expect(() => new SampleRingBuffer(0)).toThrow(RangeError);
    expect(() => new SampleRingBuffer(2.5)).toThrow(RangeError);
  });
});
