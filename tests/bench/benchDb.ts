import { migrate } from '#server/db/migrate';
import { openPgliteDb } from '#server/db/pgliteDb';
import { seedScenarios } from '#server/db/scenarios';
import { scenarioLibrary } from '#server/scenarios/library';
import type { Db } from '#server/db/db';
import { createTestDb, postgresUrl } from '../helpers/testDb';
import type { BenchRow } from './report';

/** A database a seeded benchmark fills and measures, then drops. */
export interface BenchDb {
  label: 'PGlite' | 'PostgreSQL';
  db: Db;
  drop(): Promise<void>;
}

/** A fresh in-memory PGlite, migrated and seeded; the vitest template may not exist here. */
async function freshPglite(): Promise<BenchDb> {
  const db = await openPgliteDb(null);
  await migrate(db);
  await seedScenarios(db, scenarioLibrary);
  return { label: 'PGlite', db, drop: () => db.close() };
}

async function freshPostgres(): Promise<BenchDb> {
  const t = await createTestDb('postgres');
  return { label: 'PostgreSQL', db: t.db, drop: () => t.drop() };
}

/** Runs a benchmark on a fresh PGlite and, when TEST_DATABASE_URL is set, a fresh PostgreSQL. */
export async function onEachDatabase(
  bench: (target: BenchDb) => Promise<BenchRow[]>,
): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const make of [freshPglite, ...(postgresUrl() ? [freshPostgres] : [])]) {
    const target = await make();
    try {
      rows.push(...(await bench(target)));
    } finally {
      await target.drop();
    }
  }
  return rows;
}
