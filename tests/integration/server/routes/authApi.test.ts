import { describe, expect, it } from 'vitest';
import { routeDatabaseKinds, printSkipNotice } from '../../../helpers/testDb';
import { useTestServer } from '../../../helpers/useTestServer';
import { HttpClient, signedInClient, uniqueEmail } from '../../../helpers/httpClient';
import { scenarioLibrary } from '#server/scenarios/library';

printSkipNotice();

describe.each(routeDatabaseKinds())('accounts and scenarios API on %s', (kind) => {
  const { server, testDb: t } = useTestServer(kind, {
    start: { throttle: { attemptsPerAddress: 1000, failuresBeforeBackoff: 4 } },
  });

  const password = 'correct horse battery';

  it('signs up, reads the current user, signs out', async () => {
    const client = new HttpClient(server.url);
    const email = uniqueEmail('Mixed.Case');
    const up = await client.post('/api/auth/sign-up', {
      email,
      password,
      fullName: '  Dr Ada Lee ',
    });
    expect(up.status).toBe(201);
    expect(up.body.user).toMatchObject({ email: email.toLowerCase(), fullName: 'Dr Ada Lee' });
    expect(up.body.user).not.toHaveProperty('passwordHash');
    const cookie = up.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^chairtalk_session=[a-z2-7]{32};/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);

    expect((await client.get('/api/auth/me')).body.user.email).toBe(email.toLowerCase());
    expect((await client.post('/api/auth/sign-out')).status).toBe(204);
    expect(client.cookie).toBeNull();
    const me = await client.get('/api/auth/me');
    expect(me.status).toBe(401);
    expect(me.body.error.message).toBe('Please sign in to continue.');
  });

  it('stores only the SHA-256 of the session token and issues a new token per sign-in', async () => {
    const email = uniqueEmail();
    const a = new HttpClient(server.url);
    await a.post('/api/auth/sign-up', { email, password, fullName: 'A' });
    const b = new HttpClient(server.url);
    await b.post('/api/auth/sign-in', { email, password });
    expect(a.cookie).not.toBe(b.cookie);
    const token = a.cookie!.split('=')[1]!;
    const rows = await t.db.query<{ id: string }>('SELECT id FROM user_sessions');
    expect(rows.some((r) => r.id === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.id))).toBe(true);
    // Signing out one browser leaves the other signed in.
    await a.post('/api/auth/sign-out');
    expect((await b.get('/api/auth/me')).status).toBe(200);
  });

  it('extends a session used in the second half of its life (sliding expiry)', async () => {
    const client = await signedInClient(server.url);
    await t.db.query(`UPDATE user_sessions SET expires_at = now() + interval '2 days'`);
    const me = await client.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.headers.get('set-cookie')).toMatch(/chairtalk_session=/);
    const [row] = await t.db.query<{ days: number }>(
      `SELECT max(extract(epoch FROM expires_at - now()) / 86400)::int AS days FROM user_sessions`,
    );
    expect(row!.days).toBeGreaterThanOrEqual(29);
  });

  it('refuses an expired session and deletes it', async () => {
    const client = await signedInClient(server.url);
    const token = client.cookie!.split('=')[1]!;
    await t.db.query(`UPDATE user_sessions SET expires_at = now() - interval '1 minute'`);
    expect((await client.get('/api/auth/me')).status).toBe(401);
    expect(token).toHaveLength(32);
  });

  it.each([
    [{ email: 'not-an-email', password, fullName: 'A' }, 'Enter a valid email address'],
    [{ email: '', password, fullName: 'A' }, 'Email is required'],
    [
      { email: uniqueEmail(), password: 'short', fullName: 'A' },
      'Password must be at least 8 characters',
    ],
    [
      { email: uniqueEmail(), password: 'x'.repeat(129), fullName: 'A' },
      'Password must be at most 128 characters',
    ],
    [{ email: uniqueEmail(), password, fullName: '   ' }, 'Full name is required'],
    [{ email: uniqueEmail(), password }, 'Full name is required'],
    // A name that could pass for another: a direction override, a line break, an escape.
    [
      { email: uniqueEmail(), password, fullName: 'Dr \u202Eeoj' },
      'Full name contains characters that are not allowed',
    ],
    [
      { email: uniqueEmail(), password, fullName: 'Dr Jo\nAdministrator' },
      'Full name contains characters that are not allowed',
    ],
    [
      { email: uniqueEmail(), password, fullName: '\u001b[2JDr Jo' },
      'Full name contains characters that are not allowed',
    ],
    [{ email: uniqueEmail(), password, fullName: 'A', admin: true }, 'Unexpected field: admin'],
    [[1, 2], 'Expected a JSON object'],
  ])('sign-up with bad input %j → 400 "%s"', async (body, message) => {
    const response = await new HttpClient(server.url).post('/api/auth/sign-up', body);
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe(message);
  });

  it('says when an email is taken', async () => {
    const email = uniqueEmail();
    await new HttpClient(server.url).post('/api/auth/sign-up', { email, password, fullName: 'A' });
    const again = await new HttpClient(server.url).post('/api/auth/sign-up', {
      email: email.toUpperCase(),
      password,
      fullName: 'B',
    });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(
      'An account with this email already exists. Please sign in.',
    );
  });

  it.each([
    ['password', 'This password is one of the most common. Choose one that is harder to guess.'],
    ['12345678', 'This password is a simple sequence. Choose one that is harder to guess.'],
    ['        ', 'A password cannot be only spaces.'],
    [
      'zzzzzzzzzzzz',
      'This password repeats the same few characters. Choose one that is harder to guess.',
    ],
    ['qwertyuiop', 'This password is a simple sequence. Choose one that is harder to guess.'],
    ['ChairTalk2024', 'A password cannot contain the name ChairTalk.'],
  ])('refuses the common or trivial password %j at sign-up, saying why', async (weak, why) => {
    const email = uniqueEmail();
    const response = await new HttpClient(server.url).post('/api/auth/sign-up', {
      email,
      password: weak,
      fullName: 'A',
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual({ code: 'bad_request:password', message: why });
    const [row] = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM users WHERE email = $1',
      [email],
    );
    expect(row!.n).toBe(0);
  });

  it('refuses a password made of the email address', async () => {
    const response = await new HttpClient(server.url).post('/api/auth/sign-up', {
      email: 'ada.lovelace.1815@example.com',
      password: 'Ada.Lovelace.1815!',
      fullName: 'A',
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual({
      code: 'bad_request:password',
      message: 'A password cannot contain your email address.',
    });
  });

  it('gives one message for an unknown email and a wrong password', async () => {
    const email = uniqueEmail();
    await new HttpClient(server.url).post('/api/auth/sign-up', { email, password, fullName: 'A' });
    const wrong = await new HttpClient(server.url).post('/api/auth/sign-in', {
      email,
      password: 'wrong password',
    });
    const unknown = await new HttpClient(server.url).post('/api/auth/sign-in', {
      email: uniqueEmail(),
      password,
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.error.message).toBe('Invalid email or password');
    expect(unknown.body.error.message).toBe(wrong.body.error.message);
  });

  it('throttles repeated attempts on one email, in the database', async () => {
    const email = uniqueEmail();
    await new HttpClient(server.url).post('/api/auth/sign-up', { email, password, fullName: 'A' });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(
        (
          await new HttpClient(server.url).post('/api/auth/sign-in', {
            email,
            password: 'nope nope',
          })
        ).status,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    const limited = await new HttpClient(server.url).post('/api/auth/sign-in', { email, password });
    expect(limited.status).toBe(429);
    expect(limited.body.error.message).toMatch(
      /^Too many attempts\. Please wait \d+ minutes? and try again\.$/,
    );
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Counted per address and account, and the wait stored beside the count.
    const rows = await t.db.query<{ key: string; points: number }>(
      'SELECT key, points FROM auth_rate_limits WHERE key LIKE $1 ORDER BY key',
      [`%${email}`],
    );
    expect(rows.map((r) => r.key.split(':')[0])).toEqual(['account', 'block_pair', 'pair']);
    expect(rows.find((r) => r.key.startsWith('pair:'))!.points).toBe(4);
  });

  it('answers API errors as JSON, never HTML', async () => {
    const client = new HttpClient(server.url);
    const malformed = await client.request('POST', '/api/auth/sign-in', '{"email": ', {
      'content-type': 'application/json',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.message).toBe('The request body is not valid JSON.');
    const unknown = await client.get('/api/nope');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('not_found:route');
    const unauth = await client.get('/api/scenarios');
    expect(unauth.status).toBe(401);
    expect(unauth.headers.get('content-type')).toMatch(/application\/json/);
    const big = await client.post('/api/auth/sign-in', {
      email: 'a@b.co',
      password: 'x'.repeat(200_000),
    });
    expect(big.status).toBe(413);
    expect(big.body.error.message).toBe('The request is too large.');
  });

  it('refuses state-changing requests from another origin', async () => {
    const response = await new HttpClient(server.url).post(
      '/api/auth/sign-up',
      { email: uniqueEmail(), password, fullName: 'A' },
      { origin: 'https://evil.example' },
    );
    expect(response.status).toBe(403);
    const sameOrigin = await new HttpClient(server.url).post(
      '/api/auth/sign-up',
      { email: uniqueEmail(), password, fullName: 'A' },
      { origin: server.url },
    );
    expect(sameOrigin.status).toBe(201);
  });

  it('lists scenarios without the hidden extras, sorted by difficulty then title', async () => {
    const client = await signedInClient(server.url);
    const { status, body, text } = await client.get('/api/scenarios');
    expect(status).toBe(200);
    expect(body.scenarios.length).toBeGreaterThanOrEqual(24);
    const rank = { beginner: 0, intermediate: 1, advanced: 2 } as Record<string, number>;
    const keys = body.scenarios.map((s: { difficulty: string; title: string }) => [
      rank[s.difficulty],
      s.title,
    ]);
    const sorted = [...keys].sort(
      (a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0),
    );
    expect(keys).toEqual(sorted);
    for (const s of body.scenarios) {
      expect(Object.keys(s).sort()).toEqual([
        'category',
        'description',
        'difficulty',
        'id',
        'initialMessage',
        'language',
        'patientConcerns',
        'patientProfile',
        'resourceCaption',
        'title',
      ]);
    }
    for (const seed of scenarioLibrary) {
      for (const hidden of seed.extras.hiddenConcerns) expect(text).not.toContain(hidden.reveal);
    }
    const etag = (await client.get('/api/scenarios')).headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    const again = await client.request('GET', '/api/scenarios', undefined, {
      'if-none-match': etag,
    });
    expect(again.status).toBe(304);
    const one = await client.get(`/api/scenarios/${body.scenarios[0].id}`);
    expect(one.body.scenario).toEqual(body.scenarios[0]);
  });

  it.each(['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' OR '1'='1"])(
    'answers 404 "Scenario not found" for %s',
    async (id) => {
      const client = await signedInClient(server.url);
      const response = await client.get(`/api/scenarios/${encodeURIComponent(id)}`);
      expect(response.status).toBe(404);
      expect(response.body.error.message).toBe('Scenario not found');
    },
  );

  it('reports health for load balancers', async () => {
    const response = await new HttpClient(server.url).get('/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok', database: 'ok', ai: 'offline' });
  });
});
