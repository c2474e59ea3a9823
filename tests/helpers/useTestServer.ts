import { afterAll, beforeAll } from 'vitest';
import type { StartOptions } from '#server/startServer';
import { startOpenAiStub, type OpenAiStub } from '../fixtures/openaiStub';
import { buildClient, type ClientBuild } from './clientBuild';
import { createTestDb, type TestDb, type TestDbKind } from './testDb';
import { startTestServer, type TestServer } from './testServer';

/**
 * Stands in for an object that a beforeAll hook makes: the suite can name it while registering
 * its tests, and every property read goes to the object once the hook has made it.
 */
function madeInBeforeAll<T extends object>(name: string, current: () => T | null): T {
  return new Proxy({} as T, {
    get(_target, key) {
      const made = current();
      if (made === null) {
        throw new Error(`${name} is not there: it is made in beforeAll (or it was not asked for)`);
      }
      const value: unknown = Reflect.get(made, key, made);
      return typeof value === 'function' ? value.bind(made) : value;
    },
  });
}

/**
 * A fresh database of the given kind for the suite: made in beforeAll, dropped in afterAll.
 * The returned TestDb is usable from the tests (and from hooks registered after this call).
 */
export function useTestDb(kind: TestDbKind): TestDb {
  let testDb: TestDb | null = null;
  beforeAll(async () => {
    testDb = await createTestDb(kind);
  });
  afterAll(async () => {
    await testDb?.drop();
  });
  return madeInBeforeAll('the test database', () => testDb);
}

export interface ServerSuiteOptions {
  /** Server environment on top of startTestServer's defaults (offline AI, a random port). */
  env?: Record<string, string>;
  /**
   * Starts the OpenAI-compatible stub and points the server at it (AI_PROVIDER=openai and
   * OPENAI_BASE_URL); the key and any limits still come from `env`.
   */
  openAiStub?: boolean;
  /** Builds the client with Vite (label and build environment) and serves it. */
  clientBuild?: { label: string; env?: Record<string, string> };
  /** More start options (throttle settings, a client folder). */
  start?: Partial<StartOptions>;
}

export interface ServerSuite {
  server: TestServer;
  testDb: TestDb;
  /** Only with `openAiStub: true`. */
  stub: OpenAiStub;
  /** Only with `clientBuild`. */
  build: ClientBuild;
}

/** A Vite build takes far longer than the default hook timeout on a busy machine. */
const BUILD_HOOK_TIMEOUT = 120_000;

/**
 * The setup every server suite shares: a fresh database of `kind`, the OpenAI stub and a client
 * build when asked for, and the real server over them, started in beforeAll and stopped (in
 * reverse) in afterAll. Hooks a suite registers after this call see everything started.
 */
export function useTestServer(kind: TestDbKind, options: ServerSuiteOptions = {}): ServerSuite {
  let testDb: TestDb | null = null;
  let stub: OpenAiStub | null = null;
  let build: ClientBuild | null = null;
  let server: TestServer | null = null;

  beforeAll(
    async () => {
      [testDb, stub, build] = await Promise.all([
        createTestDb(kind),
        options.openAiStub ? startOpenAiStub() : null,
        options.clientBuild
          ? buildClient(options.clientBuild.label, options.clientBuild.env)
          : null,
      ]);
      const env = stub
        ? { AI_PROVIDER: 'openai', OPENAI_BASE_URL: stub.url, ...options.env }
        : (options.env ?? {});
      server = await startTestServer(testDb.db, env, {
        ...(build ? { clientDir: build.dir } : {}),
        ...options.start,
      });
    },
    options.clientBuild ? BUILD_HOOK_TIMEOUT : undefined,
  );
  afterAll(async () => {
    await server?.close();
    await stub?.close();
    await testDb?.drop();
    await build?.remove();
  });

  return {
    server: madeInBeforeAll('the test server', () => server),
    testDb: madeInBeforeAll('the test database', () => testDb),
    stub: madeInBeforeAll('the OpenAI stub', () => stub),
    build: madeInBeforeAll('the client build', () => build),
  };
}
