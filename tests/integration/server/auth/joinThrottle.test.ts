import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, databaseKinds, printSkipNotice, type TestDb } from '../../../helpers/testDb';
import { startTestServer, type TestServer } from '../../../helpers/testServer';
import { HttpClient, uniqueEmail } from '../../../helpers/httpClient';

/**
 * Issue 22: guessing invite codes on the join route was not throttled (150 wrong codes in 1.1 s).
 * Wrong codes now count per address and per account, in the database, as sign-in failures do;
 * past JOIN_FAILURES_BEFORE_BACKOFF the address (or account) waits, doubling, before trying any
 * code again, the right one included. Addresses come from X-Forwarded-For, trusted from
 * loopback as from a load balancer.
 */

printSkipNotice();

const BASE = '/api/organisations';
const ALLOWED = 4;

describe.each(databaseKinds())('joining throttled on %s', (kind) => {
  let t: TestDb;
  let server: TestServer;
  beforeAll(async () => {
    t = await createTestDb(kind);
    server = await startTestServer(t.db, {
      TRUST_PROXY: 'loopback',
      JOIN_FAILURES_BEFORE_BACKOFF: String(ALLOWED),
    });
  });
  afterAll(async () => {
    await server?.close();
    await t?.drop();
  });

  let addressCount = 0;
  /** A documentation address (RFC 5737) no other test has used. */
  const newAddress = () => `198.51.100.${++addressCount}`;

  /** A signed-up user (each from an address of their own, so sign-up throttling stays out). */
  async function user(name: string) {
    const client = new HttpClient(server.url);
    const up = await client.post(
      '/api/auth/sign-up',
      { email: uniqueEmail('join'), password: 'correct horse battery', fullName: name },
      { 'x-forwarded-for': newAddress() },
    );
    expect(up.status, up.text).toBe(201);
    const id = (await client.get('/api/auth/me')).body.user.id as string;
    return {
      id,
      join: (code: string, address: string) =>
        client.post(`${BASE}/join`, { code }, { 'x-forwarded-for': address }),
    };
  }

  /** A trainer's cohort and a usable code for it. */
  async function invite() {
    const trainer = new HttpClient(server.url);
    await trainer.post(
      '/api/auth/sign-up',
      { email: uniqueEmail('trainer'), password: 'correct horse battery', fullName: 'Dr T' },
      { 'x-forwarded-for': newAddress() },
    );
    const org = await trainer.post(BASE, { name: 'School' });
    const cohort = await trainer.post(`${BASE}/${org.body.id}/cohorts`, { name: 'Year 3' });
    const made = await trainer.post(`${BASE}/cohorts/${cohort.body.id}/invites`, {});
    expect(made.status, made.text).toBe(201);
    return { code: made.body.code as string, cohortId: cohort.body.id as string };
  }

  const members = async (cohortId: string) =>
    (
      await t.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM cohort_memberships WHERE cohort_id = $1',
        [cohortId],
      )
    )[0]!.n;

  const wrong = (i: number) => `WRONG${String(i).padStart(5, '0')}`;

  function expectWait(response: { status: number; body: any; headers: Headers; text: string }) {
    expect(response.status, response.text).toBe(429);
    expect(response.body.error.code).toBe('rate_limit:join');
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  }

  it('wrong codes from one address wait past the allowance, the right code too; another address joins', async () => {
    const { code, cohortId } = await invite();
    const guesser = await user('Dr Guesser');
    const address = newAddress();
    for (let i = 0; i < ALLOWED; i++) {
      const refused = await guesser.join(wrong(i), address);
      expect(refused.status, refused.text).toBe(404);
      expect(refused.body.error.code).toBe('not_found:invite');
    }
    expectWait(await guesser.join(wrong(99), address));
    // While it waits, a right guess is refused the same way: otherwise the answer would tell a
    // right code from wrong ones and the wait would slow nothing.
    expectWait(await guesser.join(code, address));
    expect(await members(cohortId)).toBe(0);
    // Another account on that address waits too: the address is what guessed.
    const neighbour = await user('Dr Neighbour');
    expectWait(await neighbour.join(code, address));
    // Someone else, from another address, joins with the right code at once.
    const legitimate = await user('Dr Legitimate');
    const joined = await legitimate.join(code, newAddress());
    expect(joined.status, joined.text).toBe(200);
    expect(await members(cohortId)).toBe(1);
  });

  it('one account guessing from many addresses waits too', async () => {
    const { code } = await invite();
    const guesser = await user('Dr Roaming');
    for (let i = 0; i < ALLOWED; i++) {
      expect((await guesser.join(wrong(i), newAddress())).status).toBe(404);
    }
    expectWait(await guesser.join(wrong(99), newAddress()));
    expectWait(await guesser.join(code, newAddress()));
  });

  it('requests sent together: no more than the allowance reach the codes', async () => {
    const guesser = await user('Dr Burst');
    const address = newAddress();
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, i) => guesser.join(wrong(i), address)),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 404).length).toBeLessThanOrEqual(ALLOWED);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(15 - ALLOWED);
    expect(statuses.every((s) => s === 404 || s === 429)).toBe(true);
  });

  it('a right code does not count as a failure, nor does it wipe the failures before it', async () => {
    const { code } = await invite();
    const second = await invite();
    const trainee = await user('Dr Typo');
    const address = newAddress();
    for (let i = 0; i < ALLOWED - 1; i++) {
      expect((await trainee.join(wrong(i), address)).status).toBe(404);
    }
    expect((await trainee.join(code, address)).status).toBe(200);
    // Had the join counted, this would be past the allowance; it is the last one allowed.
    expect((await trainee.join(wrong(50), address)).status).toBe(404);
    // Had the join cleared the failures, this one would be allowed.
    expectWait(await trainee.join(second.code, address));
  });
});
