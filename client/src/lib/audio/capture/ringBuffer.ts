/**
 * The last few seconds of microphone samples, addressed by absolute position (samples written
 * since the buffer was made), so a reader can ask for "everything since sample N" without
 * caring where the buffer wrapped. Writing past the capacity drops the oldest samples.
 */
export class SampleRingBuffer {
  private readonly data: Float32Array;
  private total = 0;

  constructor(capacity: number) {
    if (!Number.isInteger(capacity) || capacity <= 0) {
      throw new RangeError(`capacity must be a positive integer, got ${capacity}`);
    }
    this.data = new Float32Array(capacity);
  }

  get capacity(): number {
    return this.data.length;
  }

  /** Position just after the newest sample: how many samples were ever written. */
  get written(): number {
    return this.total;
  }

  /** Position of the oldest sample still held. */
  get oldest(): number {
    return Math.max(0, this.total - this.data.length);
  }

  write(samples: Float32Array): void {
    const capacity = this.data.length;
    // Only the newest `capacity` samples can survive this write.
    const keep = samples.length > capacity ? samples.subarray(samples.length - capacity) : samples;
    this.total += samples.length - keep.length;
    const at = this.total % capacity;
    const first = Math.min(keep.length, capacity - at);
    this.data.set(keep.subarray(0, first), at);
    this.data.set(keep.subarray(first), 0);
    this.total += keep.length;
  }

  /**
   * A copy of the samples from position `from` (clamped to the oldest held) up to `to`
   * (clamped to the newest; default: the newest).
   */
  readSince(from: number, to: number = this.total): Float32Array {
    const start = Math.max(from, this.oldest);
    const end = Math.min(to, this.total);
    if (end <= start) return new Float32Array(0);
    const out = new Float32Array(end - start);
    const capacity = this.data.length;
    const at = start % capacity;
    const first = Math.min(out.length, capacity - at);
    out.set(this.data.subarray(at, at + first), 0);
    out.set(this.data.subarray(0, out.length - first), first);
    return out;
  }
}
