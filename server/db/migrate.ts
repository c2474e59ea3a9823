import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Db } from './db';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations', import.meta.url));

export class MigrationChangedError extends Error {}

// Any constant works; it only has to be the same for every instance of this app.
const MIGRATION_LOCK = 727_413_509;

/**
 * Applies every migrations/*.sql not yet recorded, in name order, each in its own
 * transaction. A file that was applied and then edited stops the start: history must not move.
 */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  const sources = await Promise.all(
    files.map(async (name) => {
      const sql = await readFile(`${dir}/${name}`, 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    }),
  );

  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY,
    checksum text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);

  const applied: string[] = [];
  for (const file of sources) {
    await db.transaction(async (tx) => {
      // A migration may rewrite a large table, and a second instance waits for the first:
      // neither is bound by the pool's statement limit (poolDb.ts).
      await tx.query('SET LOCAL statement_timeout = 0');
      // Two instances starting together: the second waits, then sees the file recorded.
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const [row] = await tx.query<{ checksum: string }>(
        'SELECT checksum FROM schema_migrations WHERE name = $1',
        [file.name],
      );
      if (row) {
        if (row.checksum !== file.checksum) {
          throw new MigrationChangedError(
            `Migration ${file.name} was changed after it was applied; add a new migration instead.`,
          );
        }
        return;
      }
      for (const statement of splitStatements(file.sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (name, checksum) VALUES ($1, $2)', [
        file.name,
        file.checksum,
      ]);
      applied.push(file.name);
    });
  }
  return applied;
}

/**
 * Splits a migration into statements so each runs inside the transaction as a plain query
 * (the extended protocol takes one statement at a time). Handles comments and quoted text;
 * migrations here use no dollar-quoted bodies.
 */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current = '';
  let i = 0;
  while (i < sql.length) {
    const ch = sql[i]!;
    if (ch === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      i = end === -1 ? sql.length : end + 1;
      continue;
    }
    if (ch === "'") {
      const end = sql.indexOf("'", i + 1);
      const stop = end === -1 ? sql.length : end + 1;
      current += sql.slice(i, stop);
      i = stop;
      continue;
    }
    if (ch === ';') {
      if (current.trim()) statements.push(current.trim());
      current = '';
      i++;
      continue;
    }
    current += ch;
    i++;
  }
  if (current.trim()) statements.push(current.trim());
  return statements;
}
