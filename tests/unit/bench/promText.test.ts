import { describe, expect, it } from 'vitest';
import { histogramDelta, parsePromText, quantile } from '../../bench/load/promText';

const reading = (counts: [number, number, number], sum: number) => `
# HELP chairtalk_db_wait_seconds Database calls
# TYPE chairtalk_db_wait_seconds histogram
chairtalk_db_wait_seconds_bucket{le="0.001",statement="SELECT messages"} ${counts[0]}
chairtalk_db_wait_seconds_bucket{le="0.01",statement="SELECT messages"} ${counts[1]}
chairtalk_db_wait_seconds_bucket{le="+Inf",statement="SELECT messages"} ${counts[2]}
chairtalk_db_wait_seconds_sum{statement="SELECT messages"} ${sum}
chairtalk_db_wait_seconds_count{statement="SELECT messages"} ${counts[2]}
chairtalk_db_wait_seconds_bucket{le="0.001",statement="INSERT messages"} 5
chairtalk_db_wait_seconds_bucket{le="0.01",statement="INSERT messages"} 5
chairtalk_db_wait_seconds_bucket{le="+Inf",statement="INSERT messages"} 5
chairtalk_db_wait_seconds_sum{statement="INSERT messages"} 0.002
chairtalk_db_wait_seconds_count{statement="INSERT messages"} 5
`;

describe('reading /metrics between two readings', () => {
  const before = parsePromText(reading([10, 10, 10], 0.005));
  const after = parsePromText(reading([10, 60, 110], 2.5));

  it('keeps only what happened in between, for the labels asked', () => {
    const delta = histogramDelta(before, after, 'chairtalk_db_wait_seconds', {
      statement: 'SELECT messages',
    });
    expect(delta.count).toBe(100);
    expect(delta.sum).toBeCloseTo(2.495);
    expect(delta.buckets).toEqual([
      { le: 0.001, count: 0 },
      { le: 0.01, count: 50 },
      { le: Number.POSITIVE_INFINITY, count: 100 },
    ]);
  });

  it('adds up every series without labels asked', () => {
    expect(histogramDelta(before, after, 'chairtalk_db_wait_seconds').count).toBe(100);
  });

  it.each([
    { q: 0.25, expected: 0.001 + (0.009 * 25) / 50 },
    { q: 0.5, expected: 0.01 },
    // Past the last finite bound there is nothing to interpolate: the bound is the answer.
    { q: 0.95, expected: 0.01 },
  ])('quantile $q', ({ q, expected }) => {
    const delta = histogramDelta(before, after, 'chairtalk_db_wait_seconds', {
      statement: 'SELECT messages',
    });
    expect(quantile(delta, q)).toBeCloseTo(expected, 6);
  });

  it('has no quantile of nothing', () => {
    expect(quantile(histogramDelta(after, after, 'chairtalk_db_wait_seconds'), 0.5)).toBeNaN();
  });
});
