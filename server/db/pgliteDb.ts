import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Db, Queryable } from './db';

export async function openPgliteDb(dataDir: string | null): Promise<Db> {
  // PGlite does not create parent folders itself.
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pg = dataDir ? new PGlite(dataDir) : new PGlite();
  await pg.waitReady;
  return wrapPglite(pg);
}

export function wrapPglite(pg: PGlite): Db {
  const query = async <T>(sql: string, params: readonly unknown[] = []) =>
    (await pg.query<T>(sql, params as unknown[])).rows;
  return {
    kind: 'pglite',
    query,
    async exec(sql) {
      await pg.exec(sql);
    },
    transaction(fn) {
      return pg.transaction((tx) => {
        const scoped: Queryable = {
          query: async <T>(sql: string, params: readonly unknown[] = []) =>
            (await tx.query<T>(sql, params as unknown[])).rows,
        };
        return fn(scoped);
      });
    },
    async raw(sql, params = []) {
      const result = await pg.query(sql, params as unknown[]);
      // pg counts the rows a SELECT returned; PGlite's affectedRows is 0 for one, and
      // rate-limiter-flexible reads rowCount 0 as "no such key".
      return { rows: result.rows, rowCount: result.affectedRows || result.rows.length };
    },
    async close() {
      if (!pg.closed) await pg.close();
    },
  };
}
