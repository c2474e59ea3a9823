import type { Db } from '../db/db';
import type { Logger } from '../logger';
import { CLUSTER_CHANNEL } from './messages';
import type { Transport } from './transport';

/** The listener session's application_name: this, then the instance's id. */
const APPLICATION_PREFIX = 'chairtalk:';

/** Reconnect waits start here and double up to the cap: every wait is bounded. */
export const RECONNECT_FIRST_MS = 250;
export const RECONNECT_CAP_MS = 10_000;

/** The next wait before reconnecting, after `failures` failed attempts in a row. */
export function reconnectDelay(failures: number): number {
  return Math.min(RECONNECT_CAP_MS, RECONNECT_FIRST_MS * 2 ** Math.max(0, failures));
}

/**
 * LISTEN on a session of its own (never a pooled connection, which would lose the registration
 * to the next query), NOTIFY through the pool. A lost listener reconnects with backoff; its
 * connect is bounded by the driver's connection timeout (poolDb.ts).
 */
export function createPgTransport(
  db: Db & { openListenSession: NonNullable<Db['openListenSession']> },
  logger: Logger,
  instanceId: string,
): Transport {
  let session: Awaited<ReturnType<typeof db.openListenSession>> | null = null;
  let closed = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;

  async function connect(handlers: Parameters<Transport['start']>[0]) {
    if (closed) return;
    let opened: typeof session = null;
    try {
      opened = await db.openListenSession({
        applicationName: `${APPLICATION_PREFIX}${instanceId}`,
      });
      const current = opened;
      let lost = false;
      const onLost = (error?: Error) => {
        if (lost) return;
        lost = true;
        if (session === current) session = null;
        void current.end().catch(() => undefined);
        if (closed) return;
        logger.warn('cluster.listener_lost', { error });
        schedule(handlers);
      };
      current.on('error', onLost);
      current.on('end', () => onLost());
      current.on('notification', (message) => {
        if (message.channel === CLUSTER_CHANNEL && message.payload)
          handlers.payload(message.payload);
      });
      await current.query(`LISTEN ${CLUSTER_CHANNEL}`);
      if (closed || lost) return void current.end().catch(() => undefined);
      session = current;
      if (failures > 0) logger.info('cluster.listener_back', { failures });
      failures = 0;
      handlers.connected();
    } catch (error) {
      await opened?.end().catch(() => undefined);
      if (closed) return;
      logger.warn('cluster.listener_failed', { error, failures: failures + 1 });
      schedule(handlers);
    }
  }

  function schedule(handlers: Parameters<Transport['start']>[0]) {
    clearTimeout(retry);
    retry = setTimeout(() => void connect(handlers), reconnectDelay(failures++));
    retry.unref();
  }

  return {
    async send(payload) {
      await db.query('SELECT pg_notify($1, $2)', [CLUSTER_CHANNEL, payload]);
    },
    start(handlers) {
      void connect(handlers);
    },
    async listening() {
      const rows = await db.query<{ name: string }>(
        `SELECT application_name AS name FROM pg_stat_activity
          WHERE datname = current_database() AND application_name LIKE $1`,
        [`${APPLICATION_PREFIX}%`],
      );
      return new Set(rows.map((row) => row.name.slice(APPLICATION_PREFIX.length)));
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const current = session;
      session = null;
      await current?.end().catch(() => undefined);
    },
  };
}
