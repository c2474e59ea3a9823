import { performance } from 'node:perf_hooks';
import type { ClusterBus } from '#server/cluster/bus';
import { createClusterCount } from '#server/cluster/clusterCount';
import { openClusterBus } from '#server/cluster/openBus';
import type { Db } from '#server/db/db';
import { openPgDb } from '#server/db/poolDb';
import { createLogger } from '#server/logger';
import { createTestDb, postgresUrl } from '../helpers/testDb';
import { percentile, type BenchRow } from './report';

/**
 * What the per-user caps over every instance cost a turn (decision 037): the cap is checked in
 * memory and each start and finish is told to the other instances by a batched NOTIFY, so a turn
 * waits for no database round trip. Beside it, in the same run, what a lease row per turn would
 * cost (insert before the turn, delete after): the alternative the decision turned down.
 */

const TURNS = 2_000;
const USERS = 100;
const LATENCY_SAMPLES = 200;

/** The database's queries, counting the NOTIFYs among them. */
function counting(db: Db) {
  const counter = { notifies: 0 };
  const wrapped: Db = {
    ...db,
    query: (sql, params) => {
      if (sql.includes('pg_notify')) counter.notifies++;
      return db.query(sql, params);
    },
  };
  return { db: wrapped, counter };
}

async function until(ok: () => boolean) {
  const deadline = performance.now() + 10_000;
  while (!ok()) {
    if (performance.now() > deadline) throw new Error('the other instance never heard');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const users = Array.from(
  { length: USERS },
  (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
);

/** Runs TURNS turns spread over USERS users, a tick between each turn's start and finish. */
async function turns(count: ReturnType<typeof createClusterCount>) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < TURNS; i += USERS) {
    for (const user of users) {
      if (count.running(user) < 1_000) count.start(user);
    }
    await new Promise((resolve) => setImmediate(resolve));
    for (const user of users) count.finish(user);
    await new Promise((resolve) => setImmediate(resolve));
  }
  const used = process.cpuUsage(cpu);
  return { cpuUs: (used.user + used.system) / TURNS, ms: performance.now() - started };
}

export async function benchClusterCounts(): Promise<BenchRow[]> {
  if (!postgresUrl()) {
    console.log('SKIPPED: set TEST_DATABASE_URL (the caps across instances need PostgreSQL)');
    return [];
  }
  const t = await createTestDb('postgres');
  const logger = createLogger('silent');
  const rows: BenchRow[] = [];
  const buses: ClusterBus[] = [];
  const second = openPgDb(t.url!, { max: 5 });
  try {
    // Alone: nobody to tell, nothing sent.
    const alone = counting(t.db);
    const lonely = openClusterBus(alone.db, logger);
    buses.push(lonely);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const aloneNotifiesBefore = alone.counter.notifies;
    const soloRun = await turns(createClusterCount(lonely, 'turns'));
    rows.push(
      { name: 'caps, one instance: CPU per turn', value: soloRun.cpuUs, unit: 'µs' },
      {
        name: 'caps, one instance: NOTIFYs per turn',
        value: (alone.counter.notifies - aloneNotifiesBefore) / TURNS,
        unit: '',
        target: '0 (heartbeat only)',
        ok: alone.counter.notifies - aloneNotifiesBefore <= 2,
      },
    );
    await lonely.close();
    buses.length = 0;

    // Two instances, each with its own pool, as two processes would have.
    const one = counting(t.db);
    const a = openClusterBus(one.db, logger);
    const b = openClusterBus(second, logger);
    buses.push(a, b);
    await until(() => a.hasPeers() && b.hasPeers());
    const onA = createClusterCount(a, 'turns');
    const onB = createClusterCount(b, 'turns');
    const before = one.counter.notifies;
    const run = await turns(onA);
    const sent = one.counter.notifies - before;
    await until(() => users.every((u) => onB.running(u) === 0));
    rows.push(
      {
        name: 'caps, two instances: CPU per turn (sender + receiver)',
        value: run.cpuUs,
        unit: 'µs',
      },
      { name: 'caps, two instances: NOTIFYs per turn (batched)', value: sent / TURNS, unit: '' },
      {
        name: 'caps, two instances: database round trips a turn waits for',
        value: 0,
        unit: '',
        target: '0',
        ok: true,
      },
    );

    // How stale the other instance's view is: a start on A until B counts it.
    const staleness: number[] = [];
    for (let i = 0; i < LATENCY_SAMPLES; i++) {
      const user = users[i % USERS]!;
      const at = performance.now();
      onA.start(user);
      await until(() => onB.running(user) === 1);
      staleness.push(performance.now() - at);
      onA.finish(user);
      await until(() => onB.running(user) === 0);
    }
    rows.push(
      {
        name: 'caps: seen by the other instance p50',
        value: percentile(staleness, 50),
        unit: 'ms',
      },
      {
        name: 'caps: seen by the other instance p95',
        value: percentile(staleness, 95),
        unit: 'ms',
      },
    );

    // The road not taken: a lease row per turn, inserted before it and deleted after.
    await t.db.exec(
      'CREATE TABLE bench_turn_leases (id serial PRIMARY KEY, user_id uuid NOT NULL, expires_at timestamptz NOT NULL)',
    );
    const waits: number[] = [];
    const cpu = process.cpuUsage();
    for (let i = 0; i < TURNS / 4; i++) {
      const at = performance.now();
      const [row] = await t.db.query<{ id: number }>(
        `INSERT INTO bench_turn_leases (user_id, expires_at)
         SELECT $1, now() + interval '1 minute'
          WHERE (SELECT count(*) FROM bench_turn_leases WHERE user_id = $1 AND expires_at > now()) < 3
         RETURNING id`,
        [users[i % USERS]],
      );
      waits.push(performance.now() - at);
      await t.db.query('DELETE FROM bench_turn_leases WHERE id = $1', [row!.id]);
    }
    const used = process.cpuUsage(cpu);
    rows.push(
      {
        name: 'lease row per turn (not used): wait before the turn p50',
        value: percentile(waits, 50),
        unit: 'ms',
      },
      {
        name: 'lease row per turn (not used): CPU per turn',
        value: (used.user + used.system) / (TURNS / 4),
        unit: 'µs',
      },
      { name: 'lease row per turn (not used): round trips per turn', value: 2, unit: '' },
    );
  } finally {
    await Promise.all(buses.map((bus) => bus.close()));
    await second.close();
    await t.drop();
  }
  return rows;
}
