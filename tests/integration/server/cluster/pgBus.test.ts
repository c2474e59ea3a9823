import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClusterBus } from '#server/cluster/bus';
import { openClusterBus } from '#server/cluster/openBus';
import { createLogger } from '#server/logger';
import { createTestDb, postgresUrl, printSkipNotice, type TestDb } from '../../../helpers/testDb';

printSkipNotice();

const logger = createLogger('silent');

async function until(ok: () => boolean, what: string, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * The bus over real LISTEN/NOTIFY: node-postgres, and Neon's serverless driver through the
 * local WebSocket proxy (a Neon direct endpoint; its pooler would lose LISTEN, decision 037).
 */
describe.skipIf(!postgresUrl()).each(['postgres', 'neon'] as const)(
  'the cluster bus on %s',
  (kind) => {
    let t: TestDb;
    let a: ClusterBus;
    let b: ClusterBus;

    beforeAll(async () => {
      t = await createTestDb(kind);
      a = openClusterBus(t.db, logger);
      b = openClusterBus(t.db, logger);
    });
    afterAll(async () => {
      await Promise.all([a?.close(), b?.close()]);
      await t?.drop();
    });

    it('two instances find each other and hear each other', async () => {
      await until(() => a.hasPeers() && b.hasPeers(), 'the instances to meet');
      const heard: string[] = [];
      b.on('conversation_ended', (m, from) => {
        if (from === a.instanceId) heard.push(m.conversationId);
      });
      a.publish({ type: 'conversation_ended', conversationId: 'first' });
      a.publish({ type: 'conversation_ended', conversationId: 'second' });
      await until(() => heard.length === 2, 'both messages');
      expect(heard).toEqual(['first', 'second']);
    });

    it('a listener whose session was killed reconnects and hears again', async () => {
      const killed = await t.db.query<{ ok: boolean }>(
        `SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity
          WHERE datname = current_database() AND query LIKE 'LISTEN %'`,
      );
      expect(killed.length).toBe(2);
      const heard: string[] = [];
      b.on('scenarios_changed', (m) => heard.push(m.userId ?? 'everyone'));
      // Published until heard: while b's listener is away, what is sent is lost (best effort).
      await until(() => {
        a.publish({ type: 'scenarios_changed', userId: 'after-reconnect' }, { always: true });
        return heard.length > 0;
      }, 'a message after the reconnect');
      expect(heard[0]).toBe('after-reconnect');
    });
  },
);
