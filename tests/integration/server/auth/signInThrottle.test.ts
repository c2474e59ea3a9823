import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDb, databaseKinds, printSkipNotice, type TestDb } from '../../../helpers/testDb';
import { startTestServer, type TestServer } from '../../../helpers/testServer';
import { HttpClient, uniqueEmail } from '../../../helpers/httpClient';

/**
 * Sign-in throttling as an attacker meets it: failures count per (address, account) and per
 * address, with a wait that doubles; one address hammering an account does not lock its owner
 * out; only a very high volume of failures from many addresses trips the account-wide ceiling.
 * Addresses come from X-Forwarded-For, trusted from loopback as from a load balancer.
 */

printSkipNotice();

const PASSWORD = 'correct horse battery';

describe.each(databaseKinds())('sign-in throttling on %s', (kind) => {
  let t: TestDb;
  let server: TestServer;
  /** Same database, a low account-wide ceiling. */
  let ceiling: TestServer;
  /** Same database, purging expired counters every second. */
  let purging: TestServer;

  const env = {
    TRUST_PROXY: 'loopback',
    AUTH_FAILURES_BEFORE_BACKOFF: '3',
    AUTH_ATTEMPTS_PER_ADDRESS: '12',
  };

  beforeAll(async () => {
    t = await createTestDb(kind);
    server = await startTestServer(t.db, env);
    ceiling = await startTestServer(t.db, { ...env, AUTH_ACCOUNT_FAILURES_PER_HOUR: '4' });
    purging = await startTestServer(t.db, { ...env, RATE_LIMIT_PURGE_SECONDS: '1' });
  });
  afterAll(async () => {
    await Promise.all([server?.close(), ceiling?.close(), purging?.close()]);
    await t?.drop();
  });

  let addressCount = 0;
  /** A documentation address (RFC 5737) no other test has used. */
  const newAddress = () => `192.0.2.${++addressCount}`;

  const post = (on: TestServer, path: string, body: unknown, address: string) =>
    new HttpClient(on.url).post(path, body, { 'x-forwarded-for': address });
  const signIn = (email: string, password: string, address: string, on = server) =>
    post(on, '/api/auth/sign-in', { email, password }, address);
  const signUp = async (email = uniqueEmail('owner')) => {
    const response = await post(
      server,
      '/api/auth/sign-up',
      { email, password: PASSWORD, fullName: 'Dr Owner' },
      newAddress(),
    );
    expect(response.status).toBe(201);
    return email;
  };

  it('lets the owner in from another address while one address hammers the account', async () => {
    const email = await signUp();
    const attacker = newAddress();
    const attempts = [];
    for (let i = 0; i < 10; i++) attempts.push(await signIn(email, 'wrong password', attacker));

    const owner = await signIn(email, PASSWORD, newAddress());
    expect(owner.status).toBe(200);
    expect(owner.body.user.email).toBe(email);

    expect(attempts.map((r) => r.status)).toEqual([401, 401, 401, ...Array(7).fill(429)]);
    for (const refused of attempts.slice(3)) {
      expect(refused.body.error.code).toBe('rate_limit:sign_in');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // The hammering address waits even with the right password: it has not proven anything.
    expect((await signIn(email, PASSWORD, attacker)).status).toBe(429);
  });

  it('doubles the wait with each failure after the first wait', async () => {
    const email = await signUp();
    const attacker = newAddress();
    for (let i = 0; i < 3; i++) await signIn(email, 'wrong password', attacker);
    const waits: number[] = [];
    for (let round = 0; round < 3; round++) {
      const refused = await signIn(email, 'wrong password', attacker);
      expect(refused.status).toBe(429);
      waits.push(Number(refused.headers.get('retry-after')));
      // Let the wait run out (as time would), then fail once more.
      await t.db.query(`UPDATE auth_rate_limits SET expire = 1 WHERE key LIKE 'block%'`);
      expect((await signIn(email, 'wrong password', attacker)).status).toBe(401);
    }
    expect(waits[1]).toBeGreaterThanOrEqual(waits[0]! * 2 - 1);
    expect(waits[2]).toBeGreaterThanOrEqual(waits[1]! * 2 - 1);
  });

  it('forgets an address and account pair’s failures when the right password comes', async () => {
    const email = await signUp();
    const address = newAddress();
    for (let i = 0; i < 2; i++) {
      expect((await signIn(email, 'typo password', address)).status).toBe(401);
    }
    expect((await signIn(email, PASSWORD, address)).status).toBe(200);
    for (let i = 0; i < 3; i++) {
      expect((await signIn(email, 'typo password', address)).status).toBe(401);
    }
  });

  it('slows an address that tries many accounts, and only that address', async () => {
    const sprayer = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 13; i++) {
      statuses.push((await signIn(uniqueEmail('spray'), 'Summer2024!', sprayer)).status);
    }
    expect(statuses).toEqual([...Array(12).fill(401), 429]);
    expect((await signIn(uniqueEmail('spray'), 'Summer2024!', newAddress())).status).toBe(401);
  });

  it('counts sign-ups against the address, so probing for accounts is slow', async () => {
    const prober = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 13; i++) {
      const response = await post(
        server,
        '/api/auth/sign-up',
        { email: uniqueEmail('probe'), password: PASSWORD, fullName: 'Dr Probe' },
        prober,
      );
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array(12).fill(201), 429]);
  });

  it('refuses everyone once failures from many addresses pass the account-wide ceiling', async () => {
    const email = await signUp();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await signIn(email, 'wrong password', newAddress(), ceiling)).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    const owner = await signIn(email, PASSWORD, newAddress(), ceiling);
    expect(owner.status).toBe(429);
    expect(owner.body.error.code).toBe('rate_limit:sign_in');
    // The default ceiling is far above that: the main server lets the owner in.
    expect((await signIn(email, PASSWORD, newAddress())).status).toBe(200);
  });

  it('purges expired counters and keeps live ones', async () => {
    const expiredEmail = uniqueEmail('expired');
    const liveEmail = uniqueEmail('live');
    const keys = async (email: string) =>
      (
        await t.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM auth_rate_limits WHERE key LIKE $1`,
          [`%${email}%`],
        )
      )[0]!.n;
    await signIn(expiredEmail, 'wrong password', newAddress(), purging);
    expect(await keys(expiredEmail)).toBeGreaterThan(0);
    await t.db.query(`UPDATE auth_rate_limits SET expire = 1 WHERE key LIKE $1`, [
      `%${expiredEmail}%`,
    ]);
    await signIn(liveEmail, 'wrong password', newAddress(), purging);
    await vi.waitFor(async () => expect(await keys(expiredEmail)).toBe(0), {
      timeout: 10_000,
      interval: 100,
    });
    expect(await keys(liveEmail)).toBeGreaterThan(0);
  });
});
