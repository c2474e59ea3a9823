import { randomUUID } from 'node:crypto';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { ssoProvidersResponse } from '#shared/api/sso';
import { generateSignInToken, signInIdFromToken } from '#server/auth/signIns';
import { replacePasswordReset } from '#server/db/passwordResets';
import { startOidcProvider } from '../../../fixtures/oidcProvider';
import { HttpClient, uniqueEmail } from '../../../helpers/httpClient';
import { SsoBrowser } from '../../../helpers/ssoBrowser';
import { printSkipNotice, routeDatabaseKinds } from '../../../helpers/testDb';
import { useTestServer } from '../../../helpers/useTestServer';

/**
 * Single sign-on (decision 050) against a real OpenID provider (oidc-provider on 127.0.0.1),
 * the sign-in walked by hand through the app's routes and the provider's own pages: accounts
 * made, found by identity, linked by a verified address; every way a callback can be wrong
 * landing on the sign-in page with its code; PKCE required and used; organisations that turn
 * password sign-in off.
 */

printSkipNotice();

const PUBLIC_URL = 'http://chairtalk.test';
const PASSWORD = 'correct horse battery';
const callbackOf = (id: string) => `${PUBLIC_URL}/api/auth/sso/${id}/callback`;

const provider = await startOidcProvider({
  redirectUris: [callbackOf('school'), callbackOf('other')],
});
afterAll(() => provider.close());

/** A person at the provider, with a fresh subject and address. */
function person(claims: Record<string, unknown> = {}) {
  const sub = `person-${randomUUID()}`;
  const email = uniqueEmail('sso');
  provider.people.set(sub, {
    email,
    email_verified: true,
    name: 'Dr Ada Lovelace',
    ...claims,
  });
  return { sub, email };
}

const errorOf = (location: string | null) =>
  location === null ? null : new URL(location).searchParams.get('error');

describe.each(routeDatabaseKinds())('single sign-on on %s', (kind) => {
  const { server, testDb: t } = useTestServer(kind, {
    env: {
      PUBLIC_URL,
      ...provider.env('school', 'Springfield School'),
      SSO_PROVIDERS: 'school,other,down',
      SSO_OTHER_ISSUER: provider.issuer,
      SSO_OTHER_CLIENT_ID: provider.clientId,
      SSO_OTHER_CLIENT_SECRET: provider.clientSecret,
      SSO_OTHER_LABEL: 'Another Provider',
      // As an Entra ID school would: its own domain vouched for without email_verified.
      SSO_OTHER_TRUSTED_DOMAINS: 'school.example',
      // Nothing listens on port 9 here: a provider that is down when the server starts.
      SSO_DOWN_ISSUER: 'http://127.0.0.1:9',
      SSO_DOWN_CLIENT_ID: 'nobody',
      SSO_DOWN_LABEL: 'Down',
    },
  });
  let browser: SsoBrowser;
  beforeEach(() => {
    browser = new SsoBrowser(PUBLIC_URL, server.url);
  });

  /** The app as the browser now sees it: its cookies on an HttpClient. */
  const asBrowser = () => {
    const client = new HttpClient(server.url);
    client.cookie = browser.cookieHeader(PUBLIC_URL) || null;
    return client;
  };
  const usersWith = async (email: string) =>
    (
      await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE email = $1', [
        email,
      ])
    )[0]!.n;

  it('lists each provider by id and label, and nothing of its issuer or secret', async () => {
    const response = await new HttpClient(server.url).get('/api/auth/sso/providers');
    expect(response.status).toBe(200);
    expect(ssoProvidersResponse.parse(response.body)).toEqual({
      providers: [
        { id: 'school', label: 'Springfield School' },
        { id: 'other', label: 'Another Provider' },
        { id: 'down', label: 'Down' },
      ],
    });
    expect(response.text).not.toContain(provider.clientSecret);
    expect(response.text).not.toContain(provider.issuer);
  });

  it('makes a new account with no password, its address confirmed, and signs it in', async () => {
    const { sub, email } = person();
    const { authorizationUrl, form } = await browser.startAt(
      '/api/auth/sso/school/start?returnTo=%2Fprogress%3Ftab%3Dskills',
    );
    // PKCE with S256, a state and a nonce, on the provider's own authorization endpoint.
    expect(authorizationUrl.origin).toBe(provider.issuer);
    const params = authorizationUrl.searchParams;
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.get('state')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(params.get('nonce')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(params.get('redirect_uri')).toBe(callbackOf('school'));
    expect(params.get('scope')).toBe('openid email profile');
    // The state is kept hashed: the database never holds it as sent.
    const stored = await t.db.query<{ id: string }>('SELECT id FROM sso_logins');
    expect(stored.map((r) => r.id)).not.toContain(params.get('state'));

    const callback = await browser.atProvider(form, { account: sub });
    const landed = await browser.request('GET', callback);
    expect(landed.status).toBe(302);
    expect(landed.location).toBe(`${server.url}/progress?tab=skills`);
    // The code was exchanged with its verifier: the provider saw it.
    expect(provider.grants.at(-1)?.code_verifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);

    const me = await asBrowser().get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ email, fullName: 'Dr Ada Lovelace', emailVerified: true });
    const account = await asBrowser().get('/api/account');
    expect(account.body.account).toMatchObject({
      hasPassword: false,
      passwordSignIn: true,
      linkedSignIns: [{ label: 'Springfield School' }],
    });
    // The sign-in on its way is used up and its cookie cleared.
    expect(browser.cookie(PUBLIC_URL, 'chairtalk_sso')).toBeUndefined();
    expect(await t.db.query('SELECT 1 FROM sso_logins WHERE id = $1', [stored[0]!.id])).toEqual([]);
  });

  it('finds the account by its identity again, whatever the address says now', async () => {
    const { sub, email } = person();
    await browser.signIn('/api/auth/sso/school/start', sub);
    const first = (await asBrowser().get('/api/auth/me')).body.user.id as string;
    // The school changed the address, and no longer vouches for it: the identity still holds.
    provider.people.set(sub, { email: uniqueEmail('moved'), email_verified: false });
    const again = new SsoBrowser(PUBLIC_URL, server.url);
    const { landed } = await again.signIn('/api/auth/sso/school/start', sub);
    expect(landed.location).toBe(`${server.url}/`);
    const client = new HttpClient(server.url);
    client.cookie = again.cookieHeader(PUBLIC_URL);
    expect((await client.get('/api/auth/me')).body.user).toMatchObject({ id: first, email });
  });

  it('links an account whose address we confirmed, and its password still works', async () => {
    const email = uniqueEmail('linked');
    const signUp = await new HttpClient(server.url).post('/api/auth/sign-up', {
      email,
      password: PASSWORD,
      fullName: 'Dr Existing',
    });
    const userId = signUp.body.user.id as string;
    await t.db.query('UPDATE users SET email_verified_at = now() WHERE id = $1', [userId]);
    const { sub } = person({ email: email.toUpperCase(), name: 'Someone Else' });

    const { landed } = await browser.signIn('/api/auth/sso/school/start', sub);
    expect(landed.location).toBe(`${server.url}/`);
    const me = (await asBrowser().get('/api/auth/me')).body.user;
    // The same account, its own name kept.
    expect(me).toMatchObject({ id: userId, fullName: 'Dr Existing' });
    expect(await usersWith(email)).toBe(1);
    const links = await t.db.query<{ subject: string }>(
      `SELECT subject FROM external_identities WHERE kind = 'oidc' AND user_id = $1`,
      [userId],
    );
    expect(links).toEqual([{ subject: sub }]);
    const password = await new HttpClient(server.url).post('/api/auth/sign-in', {
      email,
      password: PASSWORD,
    });
    expect(password.status).toBe(200);
  });

  it('claims an account nobody confirmed the address of: its password and sessions end', async () => {
    const email = uniqueEmail('squatted');
    const squatter = new HttpClient(server.url);
    await squatter.post('/api/auth/sign-up', { email, password: PASSWORD, fullName: 'Squatter' });
    expect((await squatter.get('/api/auth/me')).status).toBe(200);
    const { sub } = person({ email });

    await browser.signIn('/api/auth/sso/school/start', sub);
    const me = (await asBrowser().get('/api/auth/me')).body.user;
    expect(me).toMatchObject({ email, emailVerified: true });
    expect((await squatter.get('/api/auth/me')).status).toBe(401);
    const password = await new HttpClient(server.url).post('/api/auth/sign-in', {
      email,
      password: PASSWORD,
    });
    expect(password.status).toBe(401);
  });

  it.each([
    ['false', false],
    ['the string "true"', 'true'],
    ['missing', undefined],
  ])('neither links nor makes an account when email_verified is %s', async (_label, verified) => {
    const email = uniqueEmail('unverified');
    const existing = await new HttpClient(server.url).post('/api/auth/sign-up', {
      email,
      password: PASSWORD,
      fullName: 'Dr Careful',
    });
    await t.db.query('UPDATE users SET email_verified_at = now() WHERE id = $1', [
      existing.body.user.id,
    ]);
    const { sub } = person({ email, email_verified: verified });
    const fresh = person({ email_verified: verified });

    for (const who of [sub, fresh.sub]) {
      const trying = new SsoBrowser(PUBLIC_URL, server.url);
      const { landed } = await trying.signIn('/api/auth/sso/school/start', who);
      expect(landed.status).toBe(302);
      expect(errorOf(landed.location)).toBe('forbidden:sso_email_unverified');
      expect(new URL(landed.location!).pathname).toBe('/login');
      expect(trying.cookie(PUBLIC_URL, 'chairtalk_session')).toBeUndefined();
    }
    expect(await usersWith(fresh.email)).toBe(0);
    const links = await t.db.query(
      `SELECT 1 FROM external_identities WHERE subject = ANY($1::text[])`,
      [[sub, fresh.sub]],
    );
    expect(links).toEqual([]);
  });

  it('takes an address in a trusted domain as verified when the provider sends no email_verified', async () => {
    const email = `ada-${randomUUID().slice(0, 8)}@school.example`;
    const { sub } = person({ email, email_verified: undefined });
    const { landed } = await browser.signIn('/api/auth/sso/other/start', sub);
    expect(landed.location).toBe(`${server.url}/`);
    expect((await asBrowser().get('/api/auth/me')).body.user).toMatchObject({
      email,
      emailVerified: true,
    });
    // Not from a provider that trusts no domain, nor when the provider says it is unverified.
    for (const [start, claims] of [
      ['/api/auth/sso/school/start', { email_verified: undefined }],
      ['/api/auth/sso/other/start', { email_verified: false }],
    ] as const) {
      const other = person({ email: `bo-${randomUUID().slice(0, 8)}@school.example`, ...claims });
      const refused = await new SsoBrowser(PUBLIC_URL, server.url).signIn(start, other.sub);
      expect(errorOf(refused.landed.location)).toBe('forbidden:sso_email_unverified');
      expect(await usersWith(other.email)).toBe(0);
    }
  });

  it('deletes an account without a password only just after a school sign-in', async () => {
    const { sub, email } = person();
    await browser.signIn('/api/auth/sso/school/start', sub);
    const me = asBrowser();
    const userId = (await me.get('/api/auth/me')).body.user.id as string;
    // A typed password proves nothing here, and a sign-in of over ten minutes ago is not enough.
    await t.db.query(
      `UPDATE user_sessions SET signed_in_at = now() - interval '11 minutes' WHERE user_id = $1`,
      [userId],
    );
    const stale = await me.request('DELETE', '/api/account', {});
    expect(stale.status).toBe(403);
    expect(stale.body.error.code).toBe('forbidden:sign_in_again');
    expect((await me.request('DELETE', '/api/account', { password: 'guess' })).status).toBe(403);
    expect(await usersWith(email)).toBe(1);
    // Signing in through the school again makes this browser's sign-in recent.
    const again = new SsoBrowser(PUBLIC_URL, server.url);
    await again.signIn('/api/auth/sso/school/start', sub);
    const fresh = new HttpClient(server.url);
    fresh.cookie = again.cookieHeader(PUBLIC_URL);
    expect((await fresh.request('DELETE', '/api/account', {})).status).toBe(204);
    expect(await usersWith(email)).toBe(0);
  });

  it('refuses a callback whose state was tampered with', async () => {
    const { sub } = person();
    const { form } = await browser.startAt('/api/auth/sso/school/start');
    const callback = new URL(await browser.atProvider(form, { account: sub }));
    callback.searchParams.set('state', `${callback.searchParams.get('state')}x`);
    const landed = await browser.request('GET', callback.href);
    expect(errorOf(landed.location)).toBe('bad_request:sso_state');
    expect(browser.cookie(PUBLIC_URL, 'chairtalk_session')).toBeUndefined();
    const missing = new URL(callback);
    missing.searchParams.delete('state');
    browser.setCookie(PUBLIC_URL, 'chairtalk_sso', generateSignInToken());
    expect(errorOf((await browser.request('GET', missing.href)).location)).toBe(
      'bad_request:sso_state',
    );
  });

  it('refuses a callback replayed after it was used', async () => {
    const { sub } = person();
    const { form } = await browser.startAt('/api/auth/sso/school/start');
    const sso = browser.cookie(PUBLIC_URL, 'chairtalk_sso')!;
    const callback = await browser.atProvider(form, { account: sub });
    expect((await browser.request('GET', callback)).location).toBe(`${server.url}/`);
    // Even with the browser's half put back, the state is used up.
    const replay = new SsoBrowser(PUBLIC_URL, server.url);
    replay.setCookie(PUBLIC_URL, 'chairtalk_sso', sso);
    const landed = await replay.request('GET', callback);
    expect(errorOf(landed.location)).toBe('bad_request:sso_state');
    expect(replay.cookie(PUBLIC_URL, 'chairtalk_session')).toBeUndefined();
  });

  it('refuses a callback carried to another browser, to another provider, or too late', async () => {
    const { sub } = person();
    const cases: Array<[string, (callback: string) => Promise<string | null>]> = [
      [
        'another browser (its own sign-in on its way)',
        async (callback) => {
          const other = new SsoBrowser(PUBLIC_URL, server.url);
          await other.startAt('/api/auth/sso/school/start');
          return (await other.request('GET', callback)).location;
        },
      ],
      [
        "another provider's callback",
        async (callback) =>
          (await browser.request('GET', callback.replace('/sso/school/', '/sso/other/'))).location,
      ],
      [
        'past its expiry',
        async (callback) => {
          await t.db.query("UPDATE sso_logins SET expires_at = now() - interval '1 second'");
          return (await browser.request('GET', callback)).location;
        },
      ],
    ];
    for (const [label, misuse] of cases) {
      browser = new SsoBrowser(PUBLIC_URL, server.url);
      const { form } = await browser.startAt('/api/auth/sso/school/start');
      const callback = await browser.atProvider(form, { account: sub });
      expect(errorOf(await misuse(callback)), label).toBe('bad_request:sso_state');
      expect(browser.cookie(PUBLIC_URL, 'chairtalk_session'), label).toBeUndefined();
    }
  });

  it('answers an unknown provider id with 404, on both routes', async () => {
    for (const path of ['/api/auth/sso/nope/start', '/api/auth/sso/nope/callback?state=x']) {
      const response = await new HttpClient(server.url).get(path);
      expect(response.status, path).toBe(404);
      expect(response.body.error.code).toBe('not_found:sso_provider');
    }
  });

  it('lands on the sign-in page when the person cancels at the provider', async () => {
    const { form } = await browser.startAt('/api/auth/sso/school/start');
    const callback = await browser.atProvider(form, 'cancel');
    expect(new URL(callback).searchParams.get('error')).toBe('access_denied');
    const landed = await browser.request('GET', callback);
    expect(errorOf(landed.location)).toBe('unauthorized:sso_refused');
    expect(browser.cookie(PUBLIC_URL, 'chairtalk_session')).toBeUndefined();
  });

  it('uses PKCE: the provider requires it, and a wrong verifier gets no tokens', async () => {
    // Straight to the provider without a challenge: refused there.
    const { authorizationUrl } = await browser.startAt('/api/auth/sso/school/start');
    const bare = new URL(authorizationUrl);
    bare.searchParams.delete('code_challenge');
    bare.searchParams.delete('code_challenge_method');
    const refused = await new SsoBrowser(PUBLIC_URL, server.url).request('GET', bare.href);
    expect(refused.status).toBe(303);
    expect(new URL(refused.location!).searchParams.get('error')).toBe('invalid_request');

    const { sub, email } = person();
    browser = new SsoBrowser(PUBLIC_URL, server.url);
    const { form } = await browser.startAt('/api/auth/sso/school/start');
    const callback = await browser.atProvider(form, { account: sub });
    await t.db.query('UPDATE sso_logins SET code_verifier = $1', ['x'.repeat(43)]);
    const landed = await browser.request('GET', callback);
    expect(errorOf(landed.location)).toBe('unauthorized:sso_failed');
    expect(await usersWith(email)).toBe(0);
  });

  it('keeps the sign-in to paths of this site', async () => {
    const { sub } = person();
    for (const returnTo of ['//evil.example/x', 'https://evil.example', '/\\evil.example']) {
      browser = new SsoBrowser(PUBLIC_URL, server.url);
      const path = `/api/auth/sso/school/start?returnTo=${encodeURIComponent(returnTo)}`;
      const { landed } = await browser.signIn(path, sub);
      expect(landed.location, returnTo).toBe(`${server.url}/`);
    }
  });

  it('starts with a provider down, and says so when its button is used', async () => {
    const hop = await browser.request('GET', `${PUBLIC_URL}/api/auth/sso/down/start`);
    expect(hop.status).toBe(302);
    expect(errorOf(hop.location)).toBe('unavailable:sso_provider');
    expect(browser.cookie(PUBLIC_URL, 'chairtalk_sso')).toBeUndefined();
    // The others are not held up by it.
    const { sub } = person();
    const { landed } = await browser.signIn('/api/auth/sso/school/start', sub);
    expect(landed.location).toBe(`${server.url}/`);
  });

  it('never writes the client secret to the log, even when a grant fails', async () => {
    // Earlier tests made grants fail (a wrong verifier) and refused callbacks of every kind.
    expect(server.logs.some((line) => line.includes('sso.grant_failed'))).toBe(true);
    expect(server.logs.filter((line) => line.includes(provider.clientSecret))).toEqual([]);
  });

  describe('an organisation that turns password sign-in off', () => {
    it('needs a school sign-in of the trainer, then refuses its members passwords and resets', async () => {
      // A trainer with a password only cannot turn passwords off (they would be locked out).
      const passwordTrainer = new HttpClient(server.url);
      await passwordTrainer.post('/api/auth/sign-up', {
        email: uniqueEmail('trainer'),
        password: PASSWORD,
        fullName: 'Dr Password',
      });
      const own = (await passwordTrainer.post('/api/organisations', { name: 'Clinic' })).body.id;
      const lockedOut = await passwordTrainer.post(`/api/organisations/${own}/password-sign-in`, {
        allowed: false,
      });
      expect(lockedOut.status).toBe(409);
      expect(lockedOut.body.error.code).toBe('conflict:sso_identity_required');

      // A trainer who signs in through the school may.
      const { sub } = person({ name: 'Dr Trainer' });
      await browser.signIn('/api/auth/sso/school/start', sub);
      const trainer = asBrowser();
      const org = (await trainer.post('/api/organisations', { name: 'School' })).body.id;
      const cohort = (await trainer.post(`/api/organisations/${org}/cohorts`, { name: 'Y1' })).body
        .id;
      const invite = (await trainer.post(`/api/organisations/cohorts/${cohort}/invites`, {})).body;
      const memberEmail = uniqueEmail('member');
      const member = new HttpClient(server.url);
      await member.post('/api/auth/sign-up', {
        email: memberEmail,
        password: PASSWORD,
        fullName: 'Dr Member',
        invite: invite.code,
      });
      // Another trainer's organisation is not found, whatever is asked.
      const foreign = await passwordTrainer.post(`/api/organisations/${org}/password-sign-in`, {
        allowed: false,
      });
      expect(foreign.status).toBe(404);

      const off = await trainer.post(`/api/organisations/${org}/password-sign-in`, {
        allowed: false,
      });
      expect(off.status).toBe(200);
      expect(off.body).toEqual({ id: org, name: 'School', passwordSignIn: false });
      const mine = await trainer.get('/api/organisations');
      expect(mine.body.training[0].passwordSignIn).toBe(false);

      const refused = await new HttpClient(server.url).post('/api/auth/sign-in', {
        email: memberEmail,
        password: PASSWORD,
      });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toMatchObject({ code: 'forbidden:password_sign_in' });
      expect(refused.body.error.message).toMatch(/school/i);
      expect(refused.headers.getSetCookie()).toEqual([]);
      // A wrong password is still only a wrong password: the refusal tells a guesser nothing.
      const wrong = await new HttpClient(server.url).post('/api/auth/sign-in', {
        email: memberEmail,
        password: 'not the password',
      });
      expect(wrong.status).toBe(401);
      // A reset link (mailed before, or after) is no way around it.
      const memberId = (await member.get('/api/auth/me')).body.user.id as string;
      const token = generateSignInToken();
      await replacePasswordReset(t.db, {
        id: signInIdFromToken(token),
        userId: memberId,
        expiresAt: new Date(Date.now() + 600_000),
      });
      const reset = await new HttpClient(server.url).post('/api/auth/password-reset/confirm', {
        token,
        password: 'a brand new passphrase',
      });
      expect(reset.status).toBe(403);
      expect(reset.body.error.code).toBe('forbidden:password_sign_in');
      expect((await member.get('/api/account')).body.account.passwordSignIn).toBe(false);

      // On again: the password works.
      const on = await trainer.post(`/api/organisations/${org}/password-sign-in`, {
        allowed: true,
      });
      expect(on.body.passwordSignIn).toBe(true);
      const signIn = await new HttpClient(server.url).post('/api/auth/sign-in', {
        email: memberEmail,
        password: PASSWORD,
      });
      expect(signIn.status).toBe(200);
    });
  });
});

describe('single sign-on not configured', () => {
  const { server } = useTestServer('pglite');

  it('lists no providers, and turning passwords off is refused', async () => {
    const client = new HttpClient(server.url);
    expect((await client.get('/api/auth/sso/providers')).body).toEqual({ providers: [] });
    await client.post('/api/auth/sign-up', {
      email: uniqueEmail('plain'),
      password: PASSWORD,
      fullName: 'Dr Plain',
    });
    const org = (await client.post('/api/organisations', { name: 'Clinic' })).body.id;
    const off = await client.post(`/api/organisations/${org}/password-sign-in`, { allowed: false });
    expect(off.status).toBe(409);
    expect(off.body.error.code).toBe('conflict:sso_not_configured');
  });
});
