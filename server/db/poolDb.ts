import pg from 'pg';
import { Pool as NeonPool, neonConfig } from '@neondatabase/serverless';
import { WebSocket } from 'ws';
import type { Db, Queryable } from './db';

/** The part of a pg-compatible pool we use; node-postgres and Neon's Pool both fit it. */
interface PoolLike {
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[]; rowCount: number | null }>;
  connect(): Promise<{
    query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
    release(error?: Error | boolean): void;
    on(event: 'error', listener: (error: Error) => void): unknown;
    off(event: 'error', listener: (error: Error) => void): unknown;
  }>;
  end(): Promise<void>;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

export interface NeonOptions {
  /** Only for tests through a local WebSocket-to-TCP proxy: host:port of the proxy. */
  wsProxy?: string;
}

export function openPgDb(url: string, options: { max?: number } = {}): Db {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  return wrapPool('pg', pool as unknown as PoolLike);
}

export function openNeonDb(url: string, options: NeonOptions = {}): Db {
  // Node 20 has no global WebSocket; Neon's driver needs one.
  neonConfig.webSocketConstructor = WebSocket;
  if (options.wsProxy) {
    const proxy = options.wsProxy;
    neonConfig.wsProxy = (host, port) => `${proxy}/v2?address=${host}:${port}`;
    neonConfig.useSecureWebSocket = false;
    neonConfig.pipelineConnect = false;
    neonConfig.pipelineTLS = false;
  }
  const pool = new NeonPool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 });
  return wrapPool('neon', pool as unknown as PoolLike);
}

function wrapPool(kind: 'pg' | 'neon', pool: PoolLike): Db {
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const query = async <T>(sql: string, params: readonly unknown[] = []) =>
    (await pool.query(sql, params as unknown[])).rows as T[];
  return {
    kind,
    query,
    async exec(sql) {
      await pool.query(sql);
    },
    async transaction(fn) {
      const client = await pool.connect();
      // A checked-out client has no pool listener: a connection lost between two statements
      // would be an unhandled 'error' event and end the process. The failed statement rejects
      // anyway, and release(error) discards the client.
      const onLost = () => {};
      client.on('error', onLost);
      try {
        await client.query('BEGIN');
        const scoped: Queryable = {
          query: async <T>(sql: string, params: readonly unknown[] = []) =>
            (await client.query(sql, params as unknown[])).rows as T[],
        };
        const result = await fn(scoped);
        await client.query('COMMIT');
        client.off('error', onLost);
        client.release();
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        client.off('error', onLost);
        client.release(error instanceof Error ? error : true);
        throw error;
      }
    },
    async raw(sql, params = []) {
      const result = await pool.query(sql, params as unknown[]);
      return { rows: result.rows, rowCount: result.rowCount ?? 0 };
    },
    close: () => pool.end(),
  };
}
