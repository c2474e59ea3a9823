/**
 * When dictation stops by itself: after a pause once speech was heard, when nothing is said at
 * all, or at the server's 30 s limit. Pure, fed with the input level every few milliseconds.
 */
export const DICTATION_LIMITS = {
  /** RMS of the signal (0..1) above which someone is talking: about -40 dBFS. */
  speechLevel: 0.01,
  /** A pause this long after speech ends the dictation. */
  silenceMs: 1500,
  /** Nothing said for this long: stop and say so. */
  nothingMs: 10_000,
  /** Below the server's 30 s limit, with room for the container's overhead. */
  maxMs: 29_000,
} as const;

export type SilenceVerdict = 'continue' | 'pause' | 'nothing' | 'limit';

export class SilenceDetector {
  private elapsed = 0;
  private quietFor = 0;
  private spoke = false;
  private readonly limits: typeof DICTATION_LIMITS;

  constructor(limits: Partial<typeof DICTATION_LIMITS> = {}) {
    this.limits = { ...DICTATION_LIMITS, ...limits };
  }

  get heardSpeech(): boolean {
    return this.spoke;
  }

  /** The level of the last `ms` milliseconds of input. */
  update(rms: number, ms: number): SilenceVerdict {
    this.elapsed += ms;
    if (rms >= this.limits.speechLevel) {
      this.spoke = true;
      this.quietFor = 0;
    } else {
      this.quietFor += ms;
    }
    if (this.elapsed >= this.limits.maxMs) return 'limit';
    if (this.spoke && this.quietFor >= this.limits.silenceMs) return 'pause';
    if (!this.spoke && this.elapsed >= this.limits.nothingMs) return 'nothing';
    return 'continue';
  }
}

/** Root mean square of a block of samples. */
export function rmsOf(samples: Float32Array): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (const sample of samples) sum += sample * sample;
  return Math.sqrt(sum / samples.length);
}
