import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPgliteDb } from '#server/db/pgliteDb';
import type { Db } from '#server/db/db';
import { spawnServer, type ServerProcess, type SpawnOptions } from '../helpers/serverProcess';
import { createTestDb, postgresUrl } from '../helpers/testDb';

/**
 * The production entry point in its own process, as load tests should see it: its event loop and
 * memory are its own, not shared with the load generator. PostgreSQL (a fresh database) when
 * TEST_DATABASE_URL is set, otherwise PGlite in a fresh folder.
 */
export interface ChildBenchServer {
  server: ServerProcess;
  label: 'PGlite' | 'PostgreSQL';
  /** SIGTERM (graceful), then the exit code. */
  stop(): Promise<number | null>;
  /** The server's database; for PGlite only once stopped (it is single-process). */
  read<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  drop(): Promise<void>;
}

export async function startChildBenchServer(
  env: Record<string, string> = {},
  options: SpawnOptions & { database?: 'PGlite' | 'PostgreSQL' } = {},
): Promise<ChildBenchServer> {
  // BENCH_CPU_PROF=<folder>: the server writes a V8 CPU profile there when it stops.
  const spawnOptions: SpawnOptions = {
    ...options,
    nodeArgs: [
      ...(options.nodeArgs ?? []),
      ...(process.env.BENCH_CPU_PROF
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
        : []),
    ],
  };
  const database = options.database ?? (postgresUrl() ? 'PostgreSQL' : 'PGlite');
  if (database === 'PostgreSQL') {
    const t = await createTestDb('postgres');
    const server = await spawnServer({ DATABASE_URL: t.url!, ...env }, spawnOptions).catch(
      async (error) => {
        await t.drop();
        throw error;
      },
    );
    return {
      server,
      label: 'PostgreSQL',
      stop: () => server.stop(),
      read: (fn) => fn(t.db),
      drop: () => t.drop(),
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'chairtalk-bench-'));
  const server = await spawnServer({ DATA_DIR: dir, ...env }, spawnOptions).catch(
    (error: unknown) => {
      rmSync(dir, { recursive: true, force: true });
      throw error;
    },
  );
  return {
    server,
    label: 'PGlite',
    stop: () => server.stop(),
    async read(fn) {
      const db = await openPgliteDb(dir);
      try {
        return await fn(db);
      } finally {
        await db.close();
      }
    },
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Resident memory of a process, from /proc (Linux): now (VmRSS) and its peak (VmHWM), in MiB. */
export async function processMemory(pid: number): Promise<{ rss: number; peak: number } | null> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kib = (field: string) =>
      Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
    return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
  } catch {
    return null;
  }
}

/** CPU time a process has used so far (user + system), in seconds, from /proc (Linux). */
export async function processCpuSeconds(pid: number): Promise<number> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are 14th and 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return Number.NaN;
  }
}

// USER_HZ, 100 on every Linux build Node supports.
const CLOCK_TICKS = 100;

/**
 * CPU seconds used so far by every process whose command is `name` (PostgreSQL runs one per
 * connection; its processes come and go, so a round's figure is a lower bound).
 */
export async function namedProcessesCpuSeconds(name: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
      const command = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (command !== name) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
    } catch {
      // Ended between the listing and the read.
    }
  }
  return total;
}

/** The whole machine's busy and total CPU seconds so far (all cores), from /proc/stat. */
export async function machineCpuSeconds(): Promise<{ busy: number; total: number }> {
  const line = (await readFile('/proc/stat', 'utf8')).split('\n')[0]!;
  const ticks = line.trim().split(/\s+/).slice(1).map(Number);
  const total = ticks.reduce((a, b) => a + b, 0);
  // idle and iowait are the 4th and 5th fields.
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  return { busy: (total - idle) / CLOCK_TICKS, total: total / CLOCK_TICKS };
}
