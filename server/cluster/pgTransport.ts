import type { Db, ListenSession } from '../db/db';
import type { Logger } from '../logger';
import { CLUSTER_CHANNEL } from './messages';
import type { Transport } from './transport';

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
  db: Db & { openListenSession: () => Promise<ListenSession> },
  logger: Logger,
): Transport {
  let session: ListenSession | null = null;
  let closed = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;

  async function connect(handlers: Parameters<Transport['start']>[0]) {
    if (closed) return;
    let opened: ListenSession | null = null;
    try {
      opened = await db.openListenSession();
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
    async close() {
      closed = true;
      clearTimeout(retry);
      const current = session;
      session = null;
      await current?.end().catch(() => undefined);
    },
  };
}
