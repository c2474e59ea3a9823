/**
 * One thin interface over the three drivers (PGlite, node-postgres, Neon's Pool) so every
 * query module runs the same SQL on all of them.
 */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

/**
 * One dedicated database session outside the pool, for LISTEN (server/cluster/): a pooled
 * connection would be handed to other queries and lose its registration.
 */
export interface ListenSession {
  query(sql: string): Promise<unknown>;
  on(
    event: 'notification',
    listener: (message: { channel: string; payload?: string }) => void,
  ): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'end', listener: () => void): unknown;
  end(): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'pg' | 'neon';
  /**
   * Opens (and connects) a session of its own for LISTEN. Absent on PGlite: there the database
   * lives inside this one process, so no other instance can share it.
   */
  readonly openListenSession?: (options: { applicationName: string }) => Promise<ListenSession>;
  /** Runs several statements at once (migrations); no parameters. */
  exec(sql: string): Promise<void>;
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** node-postgres-style `{ rows, rowCount }` for libraries that expect a pg client. */
  raw(sql: string, params?: readonly unknown[]): Promise<{ rows: unknown[]; rowCount: number }>;
  close(): Promise<void>;
}

// 'not queryable' is node-postgres' answer on a client whose connection was lost mid-transaction.
const UNREACHABLE_MESSAGE =
  /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect|not queryable/i;

/** A failure to reach the database at all, as opposed to a bad query. */
export function isConnectionError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (
    typeof code === 'string' &&
    /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|57P0[1-3]|08\w{3})$/.test(code)
  ) {
    return true;
  }
  const message = error instanceof Error ? error.message : '';
  return UNREACHABLE_MESSAGE.test(message);
}
