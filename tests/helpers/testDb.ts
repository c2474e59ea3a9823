import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { wrapPglite } from '#server/db/pgliteDb';
import { openNeonDb, openPgDb } from '#server/db/poolDb';
import { migrate } from '#server/db/migrate';
import { seedScenarios } from '#server/db/scenarios';
import { scenarioLibrary } from '#server/scenarios/library';
import type { Db } from '#server/db/db';
import { PGLITE_TEMPLATE } from './paths';
import { startNeonProxy } from '../fixtures/neonProxy';

export type TestDbKind = 'pglite' | 'postgres' | 'neon';

export interface TestDb {
  db: Db;
  kind: TestDbKind;
  /** A connection URL for spawning a second server process on the same database. */
  url: string | null;
  drop(): Promise<void>;
}

/**
 * The PostgreSQL suites run when TEST_DATABASE_URL is set. In CI they are mandatory: a missing
 * URL fails the run instead of skipping quietly.
 */
export function postgresUrl(): string | null {
  const url = process.env.TEST_DATABASE_URL ?? null;
  if (!url && process.env.CI === 'true') {
    throw new Error(
      'CI=true but TEST_DATABASE_URL is not set: the PostgreSQL suite is mandatory in CI',
    );
  }
  return url;
}

/**
 * Every database the app runs on, for tests of the data layer itself: SQL, locks, upserts and
 * each driver's reading of types and transactions (Neon's differs from `pg` only there).
 */
export function databaseKinds(): TestDbKind[] {
  return postgresUrl() ? ['pglite', 'postgres', 'neon'] : ['pglite'];
}

/**
 * The two databases, for tests that go through the HTTP routes: their SQL is PostgreSQL's on
 * either, and the Neon driver under the same SQL is covered by the data-layer suites, so a
 * third pass through every route would only spend the CI budget (decision 047).
 */
export function routeDatabaseKinds(): TestDbKind[] {
  return postgresUrl() ? ['pglite', 'postgres'] : ['pglite'];
}

let skipNoticePrinted = false;
export function printSkipNotice(): void {
  if (!postgresUrl() && !skipNoticePrinted) {
    skipNoticePrinted = true;
    console.log('SKIPPED: PostgreSQL and Neon suites (set TEST_DATABASE_URL to run them)');
  }
}

/** A fresh, migrated and seeded database of the given kind, private to the caller. */
export async function createTestDb(kind: TestDbKind): Promise<TestDb> {
  if (kind === 'pglite') {
    // Loading a migrated template (made once by globalSetup) is ~5x faster than migrating.
    const pgl = new PGlite({ loadDataDir: new Blob([readFileSync(PGLITE_TEMPLATE)]) });
    await pgl.waitReady;
    const db = wrapPglite(pgl);
    return { db, kind, url: null, drop: () => db.close() };
  }
  const base = postgresUrl();
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `chairtalk_t_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;

  let db: Db;
  let stopProxy = async () => {};
  if (kind === 'neon') {
    const proxy = await startNeonProxy();
    stopProxy = proxy.close;
    db = openNeonDb(url.toString(), { wsProxy: proxy.host });
  } else {
    db = openPgDb(url.toString(), { max: 5 });
  }
  await migrate(db);
  await seedScenarios(db, scenarioLibrary);
  return {
    db,
    kind,
    url: url.toString(),
    async drop() {
      await db.close();
      await stopProxy();
      const cleanup = new pg.Client({ connectionString: base });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
