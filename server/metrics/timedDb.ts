import { performance } from 'node:perf_hooks';
import type { Db, Queryable } from '../db/db';
import { dbWaitSeconds, secondsSince } from './metrics';

/**
 * A short, bounded name for a statement: its verb and the first table it names
 * ("SELECT messages", "INSERT message_audio", "WITH hourly_usage"), so a histogram has one
 * series per kind of work, not one per query text.
 */
export function statementLabel(sql: string): string {
  const verb = /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase() ?? 'SQL';
  const table = /\b(?:FROM|INTO|UPDATE|TABLE)\s+([a-z_][a-z0-9_]*)/i.exec(sql)?.[1]?.toLowerCase();
  return table ? `${verb} ${table}` : verb;
}

/** The same database, with each call's wait recorded (see metrics.ts). */
export function timedDb(db: Db): Db {
  const timed = async <T>(label: string, call: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await call();
    } finally {
      dbWaitSeconds.observe({ statement: label }, secondsSince(started));
    }
  };
  return {
    kind: db.kind,
    // The cluster's LISTEN session is no statement to time (decision 037).
    ...(db.openListenSession ? { openListenSession: db.openListenSession } : {}),
    query: (sql, params) => timed(statementLabel(sql), () => db.query(sql, params)),
    exec: (sql) => db.exec(sql),
    transaction: (fn) =>
      // The transaction as a whole (connection, BEGIN … COMMIT), and each statement inside.
      timed('TRANSACTION', () =>
        db.transaction((tx) => {
          const scoped: Queryable = {
            query: (sql, params) => timed(statementLabel(sql), () => tx.query(sql, params)),
          };
          return fn(scoped);
        }),
      ),
    raw: (sql, params) => timed(statementLabel(sql), () => db.raw(sql, params)),
    close: () => db.close(),
  };
}
