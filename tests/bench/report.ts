/** One measured figure of `npm run bench`. */
export interface BenchRow {
  name: string;
  value: number;
  unit: string;
  /** What the figure should stay within, as people read it ('≤ 20 ms'). */
  target?: string;
  /** Whether the target was met; left out when the row has no target. */
  ok?: boolean;
}

/**
 * The p-th percentile (0-100) by the nearest-rank method: the smallest value with at least p%
 * of the values at or below it. Nearest-rank never invents a value between two samples, so a
 * p99 over 200 requests is the second-slowest request that actually happened.
 */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  if (p < 0 || p > 100) throw new RangeError(`percentile must be within 0-100, got ${p}`);
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1]!;
}

function formatValue(row: BenchRow): string {
  // Counts (errors, lost messages) read as whole numbers.
  if (Number.isInteger(row.value)) return `${row.value} ${row.unit}`.trimEnd();
  const digits = Math.abs(row.value) >= 100 ? 0 : Math.abs(row.value) >= 10 ? 1 : 2;
  return `${row.value.toFixed(digits)} ${row.unit}`;
}

/** A plain-text table on stdout: name, value, target, and a verdict for rows with a target. */
export function printTable(rows: readonly BenchRow[], write = (line: string) => console.log(line)) {
  const cells = rows.map((row) => [
    row.name,
    formatValue(row),
    row.target ?? '',
    row.ok === undefined ? '' : row.ok ? 'ok' : 'MISSED',
  ]);
  const header = ['benchmark', 'value', 'target', ''];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) =>
    c
      .map((cell, i) => (i === 1 ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  write(line(header));
  write(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const c of cells) write(line(c));
}
