import pg from 'pg';
import { Client as NeonClient, Pool as NeonPool, neonConfig } from '@neondatabase/serverless';
import { WebSocket } from 'ws';
import { performance } from 'node:perf_hooks';
import { dbPoolWaitSeconds, secondsSince } from '../metrics/metrics';
import type { Db, ListenSession } from './db';

/** A connection checked out of the pool. */
type PoolClient = Awaited<ReturnType<PoolLike['connect']>>;

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
  max?: number;
}

/**
 * Every wait on the database is bounded, so a stuck statement (a lock never released, a
 * server gone quiet) fails the one request or turn, with its error, instead of holding a
 * connection and everybody queued behind it: a free connection within 5 s, a statement
 * within 10 s (the server's own `statement_timeout`, lock waits included), an answer within
 * 15 s (the client's, for a connection that went silent), and no transaction left open and
 * idle for over 30 s. Migrations lift the statement limit for themselves (migrate.ts).
 */
const BOUNDS = {
  connectionTimeoutMillis: 5_000,
  statement_timeout: 10_000,
  query_timeout: 15_000,
  idle_in_transaction_session_timeout: 30_000,
};

export function openPgDb(url: string, options: { max?: number } = {}): Db {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    idleTimeoutMillis: 30_000,
    ...BOUNDS,
  });
  return wrapPool('pg', pool as unknown as PoolLike, ({ applicationName }) =>
    connectSession(
      new pg.Client({
        connectionString: url,
        connectionTimeoutMillis: 5_000,
        application_name: applicationName,
      }),
    ),
  );
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
  const pool = new NeonPool({ connectionString: url, max: options.max ?? 10, ...BOUNDS });
  // Neon's Client is a whole session over its WebSocket, so LISTEN works on a direct endpoint;
  // through Neon's pooler (PgBouncer in transaction mode) it is silently lost (decision 037).
  return wrapPool('neon', pool as unknown as PoolLike, ({ applicationName }) =>
    connectSession(
      new NeonClient({
        connectionString: url,
        connectionTimeoutMillis: 5_000,
        application_name: applicationName,
      }),
    ),
  );
}

interface SessionClient {
  connect(): Promise<unknown>;
}

async function connectSession<C extends SessionClient>(client: C): Promise<ListenSession> {
  const session = client as unknown as ListenSession;
  // Until the caller listens for it, a lost connection must not be an unhandled 'error'.
  const early = () => {};
  session.on('error', early);
  try {
    await client.connect();
  } catch (error) {
    await session.end().catch(() => undefined);
    throw error;
  }
  return session;
}

function wrapPool(
  kind: 'pg' | 'neon',
  pool: PoolLike,
  openListenSession: NonNullable<Db['openListenSession']>,
): Db {
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  /**
   * Runs `use` on a connection of the pool, the wait for it measured (the queue every query may
   * join). Checked out, the client has no pool listener: a connection lost mid-statement would
   * be an unhandled 'error' event and end the process, so it gets one of its own; the statement
   * rejects anyway. As pool.query does, a client whose work failed is not reused.
   */
  const withClient = async <T>(use: (client: PoolClient) => Promise<T>): Promise<T> => {
    const asked = performance.now();
    const client = await pool.connect();
    dbPoolWaitSeconds.observe(secondsSince(asked));
    const onLost = () => {};
    client.on('error', onLost);
    let failure: Error | undefined;
    try {
      return await use(client);
    } catch (error) {
      failure = error instanceof Error ? error : new Error(String(error));
      throw error;
    } finally {
      client.off('error', onLost);
      client.release(failure);
    }
  };
  const rowsOf =
    (client: PoolClient) =>
    async <T>(sql: string, params: readonly unknown[] = []) =>
      (await client.query(sql, params as unknown[])).rows as T[];
  const query = <T>(sql: string, params: readonly unknown[] = []) =>
    withClient((client) => rowsOf(client)<T>(sql, params));
  return {
    kind,
    openListenSession,
    query,
    async exec(sql) {
      await pool.query(sql);
    },
    transaction: (fn) =>
      withClient(async (client) => {
        await client.query('BEGIN');
        try {
          const result = await fn({ query: rowsOf(client) });
          await client.query('COMMIT');
          return result;
        } catch (error) {
          await client.query('ROLLBACK').catch(() => {});
          throw error;
        }
      }),
    async raw(sql, params = []) {
      const result = await pool.query(sql, params as unknown[]);
      return { rows: result.rows, rowCount: result.rowCount ?? 0 };
    },
    close: () => pool.end(),
  };
}
