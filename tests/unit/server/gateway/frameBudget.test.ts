import { describe, expect, it } from 'vitest';
import { createFrameBudget } from '#server/gateway/frameBudget';

/** Frames sent at the given times (ms); how many the budget allowed. */
function allowed(limits: { perSecond: number; burst: number }, times: number[]): boolean[] {
  const budget = createFrameBudget(limits, 0);
  return times.map((t) => budget.take(t));
}

describe('frames a socket may send', () => {
  it.each([
    ['a burst up to the limit', { perSecond: 10, burst: 3 }, [0, 0, 0], [true, true, true]],
    ['one past the burst', { perSecond: 10, burst: 3 }, [0, 0, 0, 0], [true, true, true, false]],
    [
      'refilled after 100 ms at 10/s',
      { perSecond: 10, burst: 1 },
      [0, 50, 100],
      [true, false, true],
    ],
    [
      'steady at the rate forever',
      { perSecond: 10, burst: 1 },
      [0, 100, 200, 300, 400],
      [true, true, true, true, true],
    ],
    [
      'never above the burst after a pause',
      { perSecond: 10, burst: 2 },
      [0, 10_000, 10_000, 10_000],
      [true, true, true, false],
    ],
    [
      'a clock going backwards refills nothing',
      { perSecond: 10, burst: 1 },
      [1000, 500, 999],
      [true, false, false],
    ],
  ])('%s', (_name, limits, times, expected) => {
    expect(allowed(limits, times)).toEqual(expected);
  });

  it('lets through about the rate over a long flood', () => {
    const budget = createFrameBudget({ perSecond: 100, burst: 200 }, 0);
    let passed = 0;
    // 1,000 frames a second for 10 s.
    for (let t = 0; t < 10_000; t++) if (budget.take(t)) passed++;
    expect(passed).toBeGreaterThanOrEqual(1_000 + 200 - 1);
    expect(passed).toBeLessThanOrEqual(1_000 + 200 + 1);
  });
});
