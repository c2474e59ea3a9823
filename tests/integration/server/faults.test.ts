import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openPgDb } from '#server/db/poolDb';
import { openPgliteDb } from '#server/db/pgliteDb';
import { listMessagesByConversation } from '#server/db/messages';
import type { Db } from '#server/db/db';
import { startOpenAiStub, type OpenAiStub } from '../../fixtures/openaiStub';
import { startTcpProxy, type TcpProxy } from '../../fixtures/tcpProxy';
import { HttpClient, signedInClient } from '../../helpers/httpClient';
import { PGLITE_TEMPLATE } from '../../helpers/paths';
import { killServers, spawnServer } from '../../helpers/serverProcess';
import { TestSocket, upgradeStatus } from '../../helpers/socketClient';
import {
  createTestDb,
  postgresUrl,
  printSkipNotice,
  type TestDb,
  type TestDbKind,
} from '../../helpers/testDb';
import { startTestServer, type TestServer } from '../../helpers/testServer';

printSkipNotice();

const UNAVAILABLE = 'ChairTalk is temporarily unavailable. Please try again in a moment.';
const kinds: TestDbKind[] = postgresUrl() ? ['pglite', 'postgres'] : ['pglite'];

/** A PGlite data folder holding the migrated, seeded template, as a first start leaves it. */
async function seededDataDir(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'chairtalk-faults-'));
  const pg = new PGlite(dir, { loadDataDir: new Blob([readFileSync(PGLITE_TEMPLATE)]) });
  await pg.waitReady;
  await pg.close();
  return dir;
}

/** The database a server process runs on, with a way to look inside once it has stopped. */
interface ServerDatabase {
  env: Record<string, string>;
  read<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  drop(): Promise<void>;
}

async function databaseFor(kind: TestDbKind): Promise<ServerDatabase> {
  if (kind === 'pglite') {
    const dir = await seededDataDir();
    return {
      env: { DATA_DIR: dir },
      // PGlite is single-process: its folder can only be read after the server let go of it.
      async read(fn) {
        const db = await openPgliteDb(dir);
        try {
          return await fn(db);
        } finally {
          await db.close();
        }
      },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const t = await createTestDb(kind);
  return {
    env: { DATABASE_URL: t.url! },
    read: (fn) => fn(t.db),
    drop: () => t.drop(),
  };
}

function clientWithCookie(baseUrl: string, cookie: string | null): HttpClient {
  const client = new HttpClient(baseUrl);
  client.cookie = cookie;
  return client;
}

function closeCode(socket: TestSocket): Promise<number> {
  return new Promise((resolve) => socket.ws.once('close', (code) => resolve(code)));
}

async function typedTurn(socket: TestSocket, text: string) {
  const from = socket.frames.length;
  const clientId = randomUUID();
  socket.send({ type: 'turn', clientId, text, stream: true });
  const stored = await socket.next('turn_stored', (f) => f.clientId === clientId, from);
  const done = await socket.next('reply_done', () => true, from);
  return { user: stored.message, reply: done.message };
}

afterAll(killServers);

// These tests start (and restart) whole server processes, so their time is the time the machine
// takes to boot Node, open a database and run migrations: on a loaded CI box many times what it
// is alone (12 s became 30 s). A generous limit for this file keeps a slow machine from failing
// them; what they assert is what survives a restart, never how fast.
vi.setConfig({ testTimeout: 120_000 });

describe.each(kinds)('server restarted mid-conversation on %s', (kind) => {
  it('continues the conversation: same cookie, every message in the history, new turns work', async () => {
    const database = await databaseFor(kind);
    try {
      let server = await spawnServer(database.env);
      const user = await signedInClient(server.url, 'Dr Restart');
      const { body } = await user.get('/api/scenarios');
      const created = await user.post('/api/conversations', { scenarioId: body.scenarios[0].id });
      const conversationId = created.body.session.id as string;
      let socket = await TestSocket.open(server.url, conversationId, { cookie: user.cookie });
      const before = (await socket.next('history')).messages;
      const first = await typedTurn(socket, 'What brings you in today?');
      const second = await typedTurn(socket, 'How long has the tooth been bothering you?');

      const closed = closeCode(socket);
      expect(await server.stop('SIGTERM')).toBe(0);
      expect(await closed).toBe(1001);

      server = await spawnServer(database.env);
      // The session lives in the database: the same cookie works on the new process.
      const again = clientWithCookie(server.url, user.cookie);
      expect((await again.get('/api/auth/me')).status).toBe(200);
      socket = await TestSocket.open(server.url, conversationId, { cookie: user.cookie });
      const history = (await socket.next('history')).messages;
      expect(history).toEqual([...before, first.user, first.reply, second.user, second.reply]);

      const third = await typedTurn(socket, 'Is it worse with hot or cold drinks?');
      expect(third.reply.content).not.toBe('');
      const detail = await again.get(`/api/conversations/${conversationId}`);
      expect(detail.body.messages).toEqual([...history, third.user, third.reply]);

      await socket.close();
      expect(await server.stop('SIGTERM')).toBe(0);
    } finally {
      await database.drop();
    }
  });
});

describe('graceful shutdown (SIGTERM) of a server process', () => {
  let stub: OpenAiStub;
  beforeAll(async () => {
    stub = await startOpenAiStub();
  });
  afterAll(async () => {
    await stub?.close();
  });

  it('finishes the reply in flight, closes the socket with 1001, exits 0 and stores it whole', async () => {
    const reply = ['Well, ', 'it ', 'started ', 'last ', 'week, ', 'mostly ', 'at ', 'night.'];
    stub.setReply(reply);
    // Slow enough that SIGTERM lands mid-reply, fast enough to finish well inside the grace.
    stub.setTiming({ firstTokenDelayMs: 0, tokenDelayMs: 150 });
    const database = await databaseFor('pglite');
    try {
      const server = await spawnServer({
        ...database.env,
        AI_PROVIDER: 'openai',
        OPENAI_API_KEY: 'sk-test-stub-key',
        OPENAI_BASE_URL: stub.url,
        AI_MAX_RETRIES: '0',
      });
      const user = await signedInClient(server.url, 'Dr Shutdown');
      const { body } = await user.get('/api/scenarios');
      const created = await user.post('/api/conversations', { scenarioId: body.scenarios[0].id });
      const conversationId = created.body.session.id as string;
      const socket = await TestSocket.open(server.url, conversationId, { cookie: user.cookie });
      await socket.next('history');

      const clientId = randomUUID();
      socket.send({ type: 'turn', clientId, text: 'When did the pain start?', stream: true });
      await socket.next('reply_delta');
      const closed = closeCode(socket);
      const exited = server.stop('SIGTERM');

      const done = await socket.next('reply_done');
      expect(done.message).toMatchObject({ content: reply.join(''), partial: false });
      expect(await closed).toBe(1001);
      expect(await exited).toBe(0);

      const stored = await database.read((db) =>
        listMessagesByConversation(db, { conversationId }),
      );
      expect(stored.map(({ role, content, partial }) => ({ role, content, partial }))).toEqual([
        { role: 'assistant', content: body.scenarios[0].initialMessage, partial: false },
        { role: 'user', content: 'When did the pain start?', partial: false },
        { role: 'assistant', content: reply.join(''), partial: false },
      ]);
      expect(stored.at(-1)!.id).toBe(done.message.id);
    } finally {
      stub.reset();
      await database.drop();
    }
  });

  it('past the grace period cuts the reply short, stores it partial, and refuses new turns', async () => {
    // The second word would come long after the grace period: the cut is certain.
    stub.setReply(['Well, ', 'it started last week.']);
    stub.setTiming({ firstTokenDelayMs: 0, tokenDelayMs: 30_000 });
    const t = await createTestDb('pglite');
    try {
      const server = await startTestServer(t.db, {
        AI_PROVIDER: 'openai',
        OPENAI_API_KEY: 'sk-test-stub-key',
        OPENAI_BASE_URL: stub.url,
        AI_MAX_RETRIES: '0',
      });
      const user = await signedInClient(server.url, 'Dr Grace');
      const { body } = await user.get('/api/scenarios');
      const created = await user.post('/api/conversations', { scenarioId: body.scenarios[0].id });
      const conversationId = created.body.session.id as string;
      const socket = await TestSocket.open(server.url, conversationId, { cookie: user.cookie });
      await socket.next('history');
      socket.send({ type: 'turn', clientId: randomUUID(), text: 'Any pain?', stream: true });
      await socket.next('reply_delta');

      const closed = closeCode(socket);
      const stopping = server.close({ graceMs: 200 });
      const late = randomUUID();
      socket.send({ type: 'turn', clientId: late, text: 'Are you still there?', stream: true });
      const refused = await socket.next('error', (f) => f.clientId === late);
      expect(refused).toMatchObject({ code: 'unavailable:restarting' });
      const done = await socket.next('reply_done');
      expect(done.message).toMatchObject({ content: 'Well,', partial: true });
      expect(await closed).toBe(1001);
      await stopping;

      const stored = await listMessagesByConversation(t.db, { conversationId });
      expect(stored.map(({ role, content, partial }) => ({ role, content, partial }))).toEqual([
        { role: 'assistant', content: body.scenarios[0].initialMessage, partial: false },
        { role: 'user', content: 'Any pain?', partial: false },
        { role: 'assistant', content: 'Well,', partial: true },
      ]);
    } finally {
      stub.reset();
      await t.drop();
    }
  });
});

describe.skipIf(!postgresUrl())('database briefly unreachable (PostgreSQL)', () => {
  let t: TestDb;
  let proxy: TcpProxy;
  let db: Db;
  let server: TestServer;

  beforeAll(async () => {
    t = await createTestDb('postgres');
    const target = new URL(t.url!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    // The server reaches the database only through the proxy; the test's own pool does not.
    db = openPgDb(proxy.urlFor(t.url!), { max: 4 });
    server = await startTestServer(db);
  });
  afterEach(() => proxy.resume());
  afterAll(async () => {
    await server?.close();
    await db?.close();
    await proxy?.close();
    await t?.drop();
  });

  const expectUnavailable = (response: { status: number; body: any; headers: Headers }) => {
    expect(response.status).toBe(503);
    expect(response.body).toEqual({
      error: { code: 'unavailable:database', message: UNAVAILABLE },
    });
    expect(response.headers.get('retry-after')).toBe('5');
  };

  it('answers a clear 503 while it is down and recovers without a restart', async () => {
    const user = await signedInClient(server.url, 'Dr Outage');
    const { body } = await user.get('/api/scenarios');
    const created = await user.post('/api/conversations', { scenarioId: body.scenarios[0].id });
    const conversationId = created.body.session.id as string;
    const socket = await TestSocket.open(server.url, conversationId, { cookie: user.cookie });
    await socket.next('history');
    const health = await user.get('/api/health');
    expect(health).toMatchObject({
      status: 200,
      body: { status: 'ok', database: 'ok', ai: 'offline' },
    });

    proxy.pause();
    // The scenario list and a just-validated session live in memory, so browsing goes on.
    expect((await user.get('/api/scenarios')).status).toBe(200);
    expectUnavailable(await user.get('/api/progress'));
    expectUnavailable(await user.get(`/api/conversations/${conversationId}`));
    expectUnavailable(await user.post('/api/conversations', { scenarioId: body.scenarios[1].id }));
    expectUnavailable(
      await new HttpClient(server.url).post('/api/auth/sign-in', {
        email: 'someone@example.com',
        password: 'correct horse battery',
      }),
    );
    expect(await user.get('/api/health')).toMatchObject({
      status: 503,
      body: { status: 'unavailable', database: 'unreachable', ai: 'offline' },
    });
    expect(await upgradeStatus(server.url, conversationId, { cookie: user.cookie })).toBe(503);
    // An open socket says so and stays usable.
    const from = socket.frames.length;
    socket.send({ type: 'turn', clientId: randomUUID(), text: 'Hello?', stream: true });
    expect(await socket.next('error', () => true, from)).toMatchObject({
      code: 'unavailable:database',
    });

    proxy.resume();
    expect((await user.get('/api/scenarios')).status).toBe(200);
    expect(await user.get('/api/health')).toMatchObject({ status: 200, body: { status: 'ok' } });
    const turn = await typedTurn(socket, 'Sorry, where were we?');
    expect(turn.reply.content).not.toBe('');
    const again = await TestSocket.open(server.url, conversationId, { cookie: user.cookie });
    const history = (await again.next('history')).messages;
    expect(history.slice(-2)).toEqual([turn.user, turn.reply]);
    await Promise.all([socket.close(), again.close()]);

    // Failing requests were the database's fault, and said so: nothing answered 500.
    expect(server.logs.join('\n')).not.toContain('http.unhandled');
    expect(server.logs.join('\n')).toContain('db.unreachable');
  });
});
