import { benchProgressHistory } from './progressHistory';
import { printTable, type BenchRow } from './report';

/**
 * `npm run bench`: every benchmark in turn, one table at the end. The exit code is 1 when a
 * row misses its target, so CI can run it as a check.
 */
const rows: BenchRow[] = [];
rows.push(...(await benchProgressHistory()));

printTable(rows);
process.exit(rows.some((row) => row.ok === false) ? 1 : 0);
