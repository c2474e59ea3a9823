import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import {
  machineCpuSeconds,
  namedProcessesCpuSeconds,
  processCpuSeconds,
  processMemory,
  startChildBenchServer,
  type ChildBenchServer,
} from './childServer';
import { unpackBaseline } from './load/baselineBuild';
import {
  BROWSER_FRAME_MS,
  converse,
  countStored,
  loadServerEnv,
  LOAD_STUB,
  openConversations,
  seededRandom,
  type Conversation,
} from './load/conversations';
import { histogramDelta, parsePromText, quantile, type Series } from './load/promText';
import { percentile, type BenchRow } from './report';
import { spawnStub } from './stubProcess';

/**
 * Issue 25: how many conversations one instance carries on this two-core machine, today's code
 * beside a baseline build run in the same run (BENCH_BASELINE_REF, by default the code before
 * the issue), on PostgreSQL and on PGlite. The server, the provider stub and this load
 * generator each run in their own process. Each conversation is 3 typed turns and 1 spoken
 * turn streamed in real time in the browser's 64 ms frames, at people's pace: a clinician reads
 * the reply and answers, 10-20 s a turn (BENCH_THINK_MS=10000).
 */
const SIZES = (process.env.BENCH_SCALE_SIZES ?? '25,100,200,1000').split(',').map(Number);
const DATABASES = (process.env.BENCH_SCALE_DATABASES ?? 'PostgreSQL,PGlite').split(',') as Array<
  'PostgreSQL' | 'PGlite'
>;
const BASELINE_REF = process.env.BENCH_BASELINE_REF ?? '887c872';
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 10_000);
/** A class: each student holds one conversation (BENCH_CONVERSATIONS_PER_USER to change). */
const PER_USER = Number(process.env.BENCH_CONVERSATIONS_PER_USER ?? 1);
const OVERHEAD_TARGET_MS = 100;
/** Server CPU per turn before streaming voice (issue 25). */
const CPU_PER_TURN_TARGET_MS = 12.9;
const METRICS_TOKEN = 'scale-bench-metrics-token';
const LOOP_PROBE = fileURLToPath(new URL('./load/loopProbe.mjs', import.meta.url));

interface Build {
  name: string;
  /** The checkout to run; this one when absent. */
  root?: string;
  /** Whether it serves GET /metrics (the baseline predates it). */
  metrics: boolean;
}

interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
}

interface RoundFigures {
  conversations: Conversation[];
  elapsed: number;
  cpuSeconds: number;
  /** Everything else on the machine during the round, in CPU seconds. */
  others: {
    stub: number;
    loadGenerator: number;
    postgres: number;
    machineBusy: number;
    machineTotal: number;
  };
  peakRss: number;
  loop: LoopDelay | null;
  metrics: { before: Series; after: Series } | null;
  stored: { lost: number; extra: number };
}

/** Asks the server's loop probe for its figures since the last reading (and resets them). */
async function readLoopDelay(pid: number, file: string): Promise<LoopDelay | null> {
  const before = safeMtime(file);
  process.kill(pid, 'SIGUSR2');
  for (let waited = 0; waited < 5_000; waited += 20) {
    if (safeMtime(file) !== before) return JSON.parse(readFileSync(file, 'utf8')) as LoopDelay;
    await sleep(20);
  }
  return null;
}

function safeMtime(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/** The CPU the stub, this load generator, PostgreSQL and the machine have used so far. */
async function otherCpu(stubPid: number) {
  const self = process.cpuUsage();
  return {
    stub: await processCpuSeconds(stubPid),
    loadGenerator: (self.user + self.system) / 1e6,
    postgres: await namedProcessesCpuSeconds('postgres'),
    machine: await machineCpuSeconds(),
  };
}

async function scrape(url: string): Promise<Series> {
  const response = await fetch(`${url}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`GET /metrics: HTTP ${response.status}`);
  return parsePromText(await response.text());
}

async function playRound(
  build: Build,
  database: 'PostgreSQL' | 'PGlite',
  size: number,
): Promise<RoundFigures> {
  const stub = await spawnStub(LOAD_STUB);
  const probeDir = mkdtempSync(join(tmpdir(), 'chairtalk-loop-'));
  const probeFile = join(probeDir, 'loop.json');
  let target: ChildBenchServer | null = null;
  const conversations: Conversation[] = [];
  try {
    target = await startChildBenchServer(
      {
        ...loadServerEnv(stub.url),
        METRICS_TOKEN,
        LOOP_PROBE_FILE: probeFile,
      },
      { database, nodeArgs: ['--import', LOOP_PROBE], ...(build.root ? { root: build.root } : {}) },
    );
    const { server } = target;
    conversations.push(
      ...(await openConversations(server.url, size, `${build.name} ${database} ${size}`, PER_USER)),
    );
    await readLoopDelay(server.pid, probeFile);
    const before = build.metrics ? await scrape(server.url) : null;
    const cpuBefore = await processCpuSeconds(server.pid);
    const othersBefore = await otherCpu(stub.pid);
    let peakRss = 0;
    const sampler = setInterval(() => {
      void processMemory(server.pid).then((m) => {
        if (m) peakRss = Math.max(peakRss, m.rss);
      });
    }, 250);
    const started = performance.now();
    const random = seededRandom(25);
    const pace = { thinkMs: THINK_MS, frameMs: BROWSER_FRAME_MS };
    // Every wait inside is bounded (LoadSocket.next), so the round ends whatever the server does.
    await Promise.all(
      conversations.map((c) =>
        converse(c, pace, random).catch((error: unknown) => {
          c.failure = error instanceof Error ? error.message : String(error);
        }),
      ),
    );
    const elapsed = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const cpuSeconds = (await processCpuSeconds(server.pid)) - cpuBefore;
    const othersAfter = await otherCpu(stub.pid);
    const loop = await readLoopDelay(server.pid, probeFile);
    const after = build.metrics ? await scrape(server.url) : null;
    await Promise.all(conversations.map((c) => c.socket.close()));
    await target.stop();
    const stored = await countStored(target, conversations);
    return {
      conversations,
      elapsed,
      cpuSeconds,
      others: {
        stub: othersAfter.stub - othersBefore.stub,
        loadGenerator: othersAfter.loadGenerator - othersBefore.loadGenerator,
        postgres: othersAfter.postgres - othersBefore.postgres,
        machineBusy: othersAfter.machine.busy - othersBefore.machine.busy,
        machineTotal: othersAfter.machine.total - othersBefore.machine.total,
      },
      peakRss,
      loop,
      metrics: before && after ? { before, after } : null,
      stored,
    };
  } finally {
    await Promise.all(conversations.map((c) => c.socket.close()));
    if (target) {
      await target.server.stop();
      await target.drop();
    }
    stub.stop();
    rmSync(probeDir, { recursive: true, force: true });
  }
}

/** Where the time of a turn went, from the server's own histograms (today's build only). */
function stageRows(at: string, metrics: NonNullable<RoundFigures['metrics']>, turns: number) {
  const { before, after } = metrics;
  const db = histogramDelta(before, after, 'chairtalk_db_wait_seconds');
  const rows: BenchRow[] = [
    {
      name: `${at} database wait per turn (all statements)`,
      value: (1000 * db.sum) / turns,
      unit: 'ms',
    },
    {
      name: `${at} database wait p95 (one statement)`,
      value: 1000 * quantile(db, 0.95),
      unit: 'ms',
    },
  ];
  const pool = histogramDelta(before, after, 'chairtalk_db_pool_wait_seconds');
  if (pool.count > 0) {
    rows.push({
      name: `${at}   of which waiting for a pool connection, per turn / p95`,
      value: (1000 * pool.sum) / turns,
      unit: `ms / ${(1000 * quantile(pool, 0.95)).toFixed(1)} ms`,
    });
  }
  // The statements that took the most time in all, each with its p95.
  const statements = new Set(
    [...after.keys()]
      .filter((key) => key.startsWith('chairtalk_db_wait_seconds_sum'))
      .map((key) => /statement="([^"]+)"/.exec(key)?.[1] ?? ''),
  );
  const byTotal = [...statements]
    .map((statement) => ({
      statement,
      delta: histogramDelta(before, after, 'chairtalk_db_wait_seconds', { statement }),
    }))
    .filter((s) => s.statement !== 'TRANSACTION')
    .sort((a, b) => b.delta.sum - a.delta.sum)
    .slice(0, 8);
  for (const { statement, delta } of byTotal) {
    rows.push({
      name: `${at}   ${statement}: ${(delta.count / turns).toFixed(2)} a turn, p95`,
      value: 1000 * quantile(delta, 0.95),
      unit: 'ms',
    });
  }
  for (const call of [
    'chat_first_token',
    'transcript_final',
    'speech_first_byte',
    'transcription_open',
  ]) {
    const delta = histogramDelta(before, after, 'chairtalk_provider_wait_seconds', { call });
    rows.push({
      name: `${at} provider wait ${call} p50 / p95`,
      value: 1000 * quantile(delta, 0.5),
      unit: `ms / ${(1000 * quantile(delta, 0.95)).toFixed(0)} ms`,
    });
  }
  return rows;
}

function roundRows(
  build: Build,
  database: string,
  size: number,
  figures: RoundFigures,
): BenchRow[] {
  const { conversations, elapsed, cpuSeconds, stored } = figures;
  const at = `scale, ${database}, ${size} conversations, ${build.name}:`;
  const failures = conversations.filter((c) => c.failure !== null);
  for (const c of failures.slice(0, 3)) console.log(`  failed (${at}) ${c.failure}`);
  const held = conversations.length - failures.length;
  // What the users were shown, by error code.
  const shown = new Map<string, number>();
  for (const c of conversations) {
    for (const error of c.socket.errorFrames())
      shown.set(error.code, (shown.get(error.code) ?? 0) + 1);
  }
  if (shown.size > 0)
    console.log(
      `  errors shown (${at}) ${[...shown].map(([code, n]) => `${code} × ${n}`).join(', ')}`,
    );
  const errors =
    failures.length + conversations.reduce((n, c) => n + c.socket.errors(), 0) + stored.extra;
  const overheads = conversations.flatMap((c) => (c.overhead === null ? [] : [c.overhead]));
  const turns = Math.max(
    1,
    conversations.reduce((n, c) => n + c.sent, 0),
  );
  const streamed = Math.max(
    1,
    conversations.reduce((n, c) => n + c.streamedSeconds, 0),
  );
  const p95 = percentile(overheads, 95);
  const cpuPerTurn = (1000 * cpuSeconds) / turns;
  const rows: BenchRow[] = [
    {
      name: `${at} conversations held to the end`,
      value: held,
      unit: 'conversations',
      target: `${size}`,
      ok: held === size,
    },
    { name: `${at} voice overhead p50`, value: percentile(overheads, 50), unit: 'ms' },
    {
      name: `${at} voice overhead p95`,
      value: p95,
      unit: 'ms',
      target: `≤ ${OVERHEAD_TARGET_MS} ms`,
      ok: p95 <= OVERHEAD_TARGET_MS,
    },
    {
      name: `${at} errors (error frames, failed or duplicated turns)`,
      value: errors,
      unit: 'errors',
      target: '0',
      ok: errors === 0,
    },
    {
      name: `${at} lost messages (stored vs sent and received)`,
      value: stored.lost,
      unit: 'messages',
      target: '0',
      ok: stored.lost === 0,
    },
    {
      name: `${at} server CPU per turn (typed and spoken)`,
      value: cpuPerTurn,
      unit: 'ms',
      target: `≤ ${CPU_PER_TURN_TARGET_MS} ms`,
      ok: cpuPerTurn <= CPU_PER_TURN_TARGET_MS,
    },
    {
      name: `${at} server CPU per second of streamed audio (all the round's CPU)`,
      value: (1000 * cpuSeconds) / streamed,
      unit: 'ms',
    },
    { name: `${at} server CPU`, value: (100 * cpuSeconds) / elapsed, unit: '% of a core' },
    {
      name: `${at} beside it: stub / load generator / PostgreSQL CPU`,
      value: (100 * figures.others.stub) / elapsed,
      unit: `% / ${((100 * figures.others.loadGenerator) / elapsed).toFixed(0)} % / ${((100 * figures.others.postgres) / elapsed).toFixed(0)} % of a core`,
    },
    {
      // Above about 90 % the machine, not the server, sets the pace: read the shape only.
      name: `${at} the whole machine busy`,
      value: (100 * figures.others.machineBusy) / Math.max(figures.others.machineTotal, 1e-9),
      unit: '% of all cores',
    },
    {
      name: `${at} socket frames to the client per turn (JSON + audio)`,
      value: conversations.reduce((n, c) => n + c.socket.frames.length, 0) / turns,
      unit: `+ ${(conversations.reduce((n, c) => n + c.socket.binaryFrames, 0) / turns).toFixed(1)}`,
    },
    { name: `${at} server peak RSS`, value: figures.peakRss, unit: 'MiB' },
    { name: `${at} event-loop delay p99`, value: figures.loop?.p99 ?? Number.NaN, unit: 'ms' },
  ];
  if (figures.metrics) rows.push(...stageRows(at, figures.metrics, turns));
  return rows;
}

export async function benchScale(): Promise<BenchRow[]> {
  const baseline = unpackBaseline(BASELINE_REF);
  const builds: Build[] = [{ name: 'today', metrics: true }];
  if (baseline.dir !== null)
    builds.push({ name: `baseline ${baseline.commit}`, root: baseline.dir, metrics: false });
  else console.log(`  no baseline: ${baseline.reason}`);
  const rows: BenchRow[] = [];
  try {
    for (const database of DATABASES) {
      for (const size of SIZES) {
        for (const build of builds) {
          console.log(`  ${database}, ${size} conversations, ${build.name}…`);
          try {
            const figures = await playRound(build, database, size);
            const round = roundRows(build, database, size, figures);
            rows.push(...round);
          } catch (error) {
            console.log(
              `  round failed: ${error instanceof Error ? error.message : String(error)}`,
            );
            rows.push({
              name: `scale, ${database}, ${size} conversations, ${build.name}: round failed`,
              value: 1,
              unit: 'round',
              target: '0',
              ok: false,
            });
          }
        }
      }
    }
  } finally {
    if (baseline.dir !== null) baseline.remove();
  }
  return rows;
}
