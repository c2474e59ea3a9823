import { spawnStub, type StubSettings } from '../bench/stubProcess';
import { bounded } from './bounded';
import { startHaproxy, type Haproxy } from './haproxy';
import { killServers, spawnServer, type ServerProcess } from './serverProcess';
import { createTestDb, type TestDb } from './testDb';

/** How long one process may take to start before the harness gives up on it. */
const START_MS = 60_000;
const STOP_MS = 10_000;

export interface Instance {
  /** Its name in HAProxy's config (app1, app2, …), as the instance header reports it. */
  name: string;
  server: ServerProcess;
}

/**
 * The supported scale-out, on this machine: one PostgreSQL database, N instances of the
 * production entry point, the OpenAI-compatible stub in its own process as a provider would be,
 * and HAProxy in front with the repository's config. Clients talk to `url` only.
 */
export interface Cluster {
  url: string;
  db: TestDb;
  instances: Instance[];
  stub: { url: string; pid: number; stop(): void };
  haproxy: Haproxy;
  /** Which instance a name (from the instance header) is. */
  instance(name: string): Instance;
  /** Tears everything down; every wait bounded, whatever state a failed run left. */
  stop(): Promise<void>;
}

export async function startCluster(options: {
  instances?: number;
  stub: StubSettings;
  /** Server settings beyond DATABASE_URL and the stub's URL. */
  serverEnv: (stubUrl: string) => Record<string, string>;
}): Promise<Cluster> {
  const count = options.instances ?? 2;
  const cleanups: Array<() => Promise<void> | void> = [];
  const cleanup = async () => {
    for (const step of cleanups.reverse()) {
      await Promise.resolve(step()).catch((error: unknown) =>
        console.warn('cluster teardown step failed:', error),
      );
    }
  };
  try {
    const db = await bounded(createTestDb('postgres'), START_MS, 'a fresh PostgreSQL database');
    cleanups.push(() => bounded(db.drop(), STOP_MS, 'the test database to drop'));
    const stub = await bounded(spawnStub(options.stub), START_MS, 'the provider stub to start');
    cleanups.push(() => stub.stop());
    const env = { ...options.serverEnv(stub.url), DATABASE_URL: db.url!, TRUST_PROXY: '1' };
    const servers = await bounded(
      Promise.all(Array.from({ length: count }, () => spawnServer(env))),
      START_MS,
      `${count} server instances to start`,
    ).catch(async (error: unknown) => {
      await killServers();
      throw error;
    });
    const instances = servers.map((server, i) => ({ name: `app${i + 1}`, server }));
    cleanups.push(async () => {
      await bounded(
        Promise.all(servers.map((s) => s.stop())),
        STOP_MS,
        'the instances to stop after SIGTERM',
      ).catch(() => killServers());
    });
    const haproxy = await startHaproxy(
      instances.map(({ name, server }) => ({ name, address: new URL(server.url).host })),
      { nameInstance: true },
    );
    cleanups.push(() => haproxy.stop());
    return {
      url: haproxy.url,
      db,
      instances,
      stub,
      haproxy,
      instance(name) {
        const found = instances.find((i) => i.name === name);
        if (!found) throw new Error(`no instance named ${name}`);
        return found;
      },
      stop: cleanup,
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}
