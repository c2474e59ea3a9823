import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { DEFAULT_THROTTLE } from '#server/auth/throttle';
import { HttpClient, uniqueEmail } from '../../helpers/httpClient';
import { killServers, spawnServer, type ServerProcess } from '../../helpers/serverProcess';
import { TestSocket } from '../../helpers/socketClient';
import { createTestDb, postgresUrl, printSkipNotice, type TestDb } from '../../helpers/testDb';

printSkipNotice();

const PASSWORD = 'correct horse battery';

function as(server: ServerProcess, cookie: string | null): HttpClient {
  const client = new HttpClient(server.url);
  client.cookie = cookie;
  return client;
}

/**
 * Two instances of the production entry point on one PostgreSQL database, as behind a load
 * balancer without sticky sessions: whatever one instance did, the other must see.
 */
describe.skipIf(!postgresUrl())('two server processes on one PostgreSQL database', () => {
  let t: TestDb;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    t = await createTestDb('postgres');
    [a, b] = await Promise.all([
      spawnServer({ DATABASE_URL: t.url! }),
      spawnServer({ DATABASE_URL: t.url! }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await killServers();
    await t?.drop();
  });

  it('both answer the health check', async () => {
    for (const server of [a, b]) {
      const health = await as(server, null).get('/api/health');
      expect(health).toMatchObject({
        status: 200,
        body: { status: 'ok', database: 'ok', ai: 'offline' },
      });
    }
  });

  it('signed in on A, the conversation continues and ends on B and shows in history on A', async () => {
    const onA = new HttpClient(a.url);
    const email = uniqueEmail('scale');
    const signedUp = await onA.post('/api/auth/sign-up', {
      email,
      password: PASSWORD,
      fullName: 'Dr Two Hosts',
    });
    expect(signedUp.status).toBe(201);
    const { body } = await onA.get('/api/scenarios');
    const scenarioId = body.scenarios[0].id as string;
    const created = await onA.post('/api/conversations', { scenarioId });
    const conversationId = created.body.session.id as string;

    // The same cookie on the other instance: sessions live in the database.
    const onB = as(b, onA.cookie);
    expect((await onB.get('/api/auth/me')).body.user.email).toBe(email);
    const socket = await TestSocket.open(b.url, conversationId, { cookie: onA.cookie });
    await socket.next('history');
    const texts = ['What brings you in today?', 'How long has it been hurting?'];
    for (const text of texts) {
      const from = socket.frames.length;
      socket.send({ type: 'turn', clientId: randomUUID(), text, stream: true });
      await socket.next('reply_done', () => true, from);
    }
    await socket.close();

    const ended = await onB.post(`/api/conversations/${conversationId}/end`);
    expect(ended.status).toBe(200);
    expect(ended.body.feedback.overallScore).toBeGreaterThanOrEqual(1);

    const history = await onA.get('/api/history');
    expect(history.status).toBe(200);
    expect(history.body.entries).toEqual([
      expect.objectContaining({
        conversationId,
        scenarioTitle: body.scenarios[0].title,
        overallScore: ended.body.feedback.overallScore,
      }),
    ]);
    const detail = await onA.get(`/api/conversations/${conversationId}`);
    expect(detail.body.session.endedAt).not.toBeNull();
    expect(
      detail.body.messages.filter((m: any) => m.role === 'user').map((m: any) => m.content),
    ).toEqual(texts);
    expect(detail.body.feedback).toEqual(ended.body.feedback);
  });

  it('counts sign-in attempts across both instances', async () => {
    const email = uniqueEmail('throttle');
    const signUp = await new HttpClient(a.url).post('/api/auth/sign-up', {
      email,
      password: PASSWORD,
      fullName: 'Dr Throttled',
    });
    expect(signUp.status).toBe(201);
    // A right password resets this address's counter on the email (on B, which never saw the
    // sign-up).
    expect(
      (await new HttpClient(b.url).post('/api/auth/sign-in', { email, password: PASSWORD })).status,
    ).toBe(200);

    const limit = DEFAULT_THROTTLE.failuresBeforeBackoff;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < limit; attempt++) {
      const server = attempt % 2 === 0 ? a : b;
      const wrong = await new HttpClient(server.url).post('/api/auth/sign-in', {
        email,
        password: 'wrong password here',
      });
      statuses.push(wrong.status);
    }
    // Each instance saw only half the limit; together they reached it.
    expect(statuses).toEqual(Array(limit).fill(401));
    for (const server of [a, b]) {
      const blocked = await new HttpClient(server.url).post('/api/auth/sign-in', {
        email,
        password: PASSWORD,
      });
      expect(blocked.status).toBe(429);
      expect(blocked.body.error.code).toBe('rate_limit:sign_in');
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });
});
