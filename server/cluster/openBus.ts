import { randomUUID } from 'node:crypto';
import type { Db } from '../db/db';
import type { Logger } from '../logger';
import { createClusterBus, type ClusterBus } from './bus';
import { createLocalTransport } from './localTransport';
import { createPgTransport } from './pgTransport';

/**
 * The bus for this database: LISTEN/NOTIFY on PostgreSQL and Neon (a direct endpoint, decision
 * 037), in-process on PGlite, which no other process can share.
 */
export function openClusterBus(db: Db, logger: Logger): ClusterBus {
  const instanceId = randomUUID();
  const { openListenSession } = db;
  const transport = openListenSession
    ? createPgTransport({ ...db, openListenSession }, logger, instanceId)
    : createLocalTransport(db);
  return createClusterBus({ transport, logger, instanceId });
}
