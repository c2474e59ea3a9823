import { describe, expect, it } from 'vitest';
import { DICTATION_LIMITS, rmsOf, SilenceDetector } from '../../client/src/lib/audio/silence';

const LOUD = 0.1;
const QUIET = 0.001;

/** Feeds `ms` of one level in 100 ms steps; returns the first verdict that is not 'continue'. */
function feed(detector: SilenceDetector, level: number, ms: number) {
  for (let t = 0; t < ms; t += 100) {
    const verdict = detector.update(level, 100);
    if (verdict !== 'continue') return verdict;
  }
  return 'continue';
}

describe('dictation stops by itself', () => {
  it('1.5 s after the speaker pauses', () => {
    const detector = new SilenceDetector();
    expect(feed(detector, QUIET, 2000)).toBe('continue');
    expect(feed(detector, LOUD, 1500)).toBe('continue');
    expect(feed(detector, QUIET, 1400)).toBe('continue');
    expect(detector.update(QUIET, 100)).toBe('pause');
    expect(detector.heardSpeech).toBe(true);
  });

  it('a short breath between words does not end it', () => {
    const detector = new SilenceDetector();
    feed(detector, LOUD, 500);
    expect(feed(detector, QUIET, 1000)).toBe('continue');
    expect(feed(detector, LOUD, 500)).toBe('continue');
    expect(feed(detector, QUIET, 1400)).toBe('continue');
  });

  it('after 10 s of nothing, saying nothing was heard', () => {
    const detector = new SilenceDetector();
    expect(feed(detector, QUIET, 9900)).toBe('continue');
    expect(detector.update(QUIET, 100)).toBe('nothing');
    expect(detector.heardSpeech).toBe(false);
  });

  it('before the server’s 30 s limit however long the speaker goes on', () => {
    const detector = new SilenceDetector();
    expect(feed(detector, LOUD, DICTATION_LIMITS.maxMs - 100)).toBe('continue');
    expect(detector.update(LOUD, 100)).toBe('limit');
    expect(DICTATION_LIMITS.maxMs).toBeLessThan(30_000);
  });
});

describe('rmsOf', () => {
  it('is the root mean square of the block', () => {
    expect(rmsOf(new Float32Array([]))).toBe(0);
    expect(rmsOf(new Float32Array([0.5, -0.5, 0.5, -0.5]))).toBeCloseTo(0.5);
    expect(rmsOf(new Float32Array([0, 0, 0, 0.2]))).toBeCloseTo(0.1);
  });
});
