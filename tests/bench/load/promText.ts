/**
 * Reads Prometheus' text format (what GET /metrics serves) into series, and the distribution
 * of a histogram between two readings: the scale benchmark reads before and after a round.
 */
export type Series = Map<string, number>;

export function parsePromText(text: string): Series {
  const series: Series = new Map();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const space = line.lastIndexOf(' ');
    series.set(line.slice(0, space), Number(line.slice(space + 1)));
  }
  return series;
}

export interface HistogramDelta {
  count: number;
  sum: number;
  /** Upper bounds (seconds) and how many observations fell at or under each, cumulative. */
  buckets: Array<{ le: number; count: number }>;
}

/** A histogram's observations between two readings, for the series whose labels match. */
export function histogramDelta(
  before: Series,
  after: Series,
  name: string,
  labels: Record<string, string> = {},
): HistogramDelta {
  const matches = (key: string, suffix: string) => {
    if (!key.startsWith(`${name}${suffix}`)) return false;
    return Object.entries(labels).every(([k, v]) => key.includes(`${k}="${v}"`));
  };
  const sumOf = (suffix: string) => {
    let total = 0;
    for (const [key, value] of after) {
      if (matches(key, suffix)) total += value - (before.get(key) ?? 0);
    }
    return total;
  };
  const byLe = new Map<number, number>();
  for (const [key, value] of after) {
    if (!matches(key, '_bucket')) continue;
    const le = /le="([^"]+)"/.exec(key)?.[1];
    if (le === undefined) continue;
    const bound = le === '+Inf' ? Number.POSITIVE_INFINITY : Number(le);
    byLe.set(bound, (byLe.get(bound) ?? 0) + value - (before.get(key) ?? 0));
  }
  return {
    count: sumOf('_count'),
    sum: sumOf('_sum'),
    buckets: [...byLe].sort((a, b) => a[0] - b[0]).map(([le, count]) => ({ le, count })),
  };
}

/** The q-quantile (0–1) in seconds, interpolated inside its bucket as Prometheus does. */
export function quantile(delta: HistogramDelta, q: number): number {
  if (delta.count === 0) return Number.NaN;
  const rank = q * delta.count;
  let lower = 0;
  let below = 0;
  for (const { le, count } of delta.buckets) {
    if (count >= rank) {
      if (!Number.isFinite(le)) return lower;
      return lower + ((le - lower) * (rank - below)) / Math.max(count - below, 1);
    }
    lower = le;
    below = count;
  }
  return lower;
}
