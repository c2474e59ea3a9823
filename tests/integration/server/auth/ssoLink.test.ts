import { randomUUID } from 'node:crypto';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { accountResponse } from '#shared/api/account';
import { ERRORS } from '#shared/errors';
import { SSO_TEXT } from '#shared/text';
import { startOidcProvider } from '../../../fixtures/oidcProvider';
import { uniqueEmail } from '../../../helpers/httpClient';
import { SsoBrowser } from '../../../helpers/ssoBrowser';
import { printSkipNotice, routeDatabaseKinds } from '../../../helpers/testDb';
import { useTestServer } from '../../../helpers/useTestServer';

/**
 * Linking a school identity while signed in, from the account page (decision 050's addendum),
 * against real OpenID providers (oidc-provider on 127.0.0.1): linked whatever the address says;
 * refused when the identity is another account's or another person is signed in by the time it
 * comes back; unlinked, unless it is the account's last way in; and never begun by a GET or by
 * another site.
 */

printSkipNotice();

const PUBLIC_URL = 'http://chairtalk.test';
const PASSWORD = 'correct horse battery';
const callbackOf = (id: string) => `${PUBLIC_URL}/api/auth/sso/${id}/callback`;

// Two schools at two issuers: an account may be linked at both, and unlinked from one.
const school = await startOidcProvider({ redirectUris: [callbackOf('school')] });
const other = await startOidcProvider({ redirectUris: [callbackOf('other')] });
afterAll(async () => {
  await school.close();
  await other.close();
});

/** A person at a provider, with a fresh subject and an address of the school's. */
function person(provider = school) {
  const sub = `person-${randomUUID()}`;
  const email = uniqueEmail('school');
  provider.people.set(sub, { email, email_verified: true, name: 'Dr School Name' });
  return { sub, email };
}

const queryOf = (location: string | null) => {
  const url = new URL(location ?? 'http://nowhere.invalid/');
  return { path: url.pathname, params: Object.fromEntries(url.searchParams) };
};

describe.each(routeDatabaseKinds())('linking a school sign-in on %s', (kind) => {
  const { server, testDb: t } = useTestServer(kind, {
    env: {
      PUBLIC_URL,
      ...school.env('school', 'Springfield School'),
      ...other.env('other', 'Shelbyville School'),
      SSO_PROVIDERS: 'school,other',
    },
  });
  let browser: SsoBrowser;
  beforeEach(() => {
    browser = new SsoBrowser(PUBLIC_URL, server.url);
  });

  /** A new account with a password, signed in in `into`; its id and address. */
  const signUp = async (into: SsoBrowser, name = 'Dr Password') => {
    const email = uniqueEmail('linker');
    const made = await into.api('POST', '/api/auth/sign-up', {
      email,
      password: PASSWORD,
      fullName: name,
    });
    expect(made.status).toBe(201);
    return { id: made.body.user.id as string, email };
  };
  const meIn = async (b: SsoBrowser) => (await b.api('GET', '/api/auth/me')).body?.user ?? null;
  const accountIn = async (b: SsoBrowser) =>
    accountResponse.parse((await b.api('GET', '/api/account')).body).account;
  const ownerOf = async (issuer: string, subject: string) =>
    (
      await t.db.query<{ userId: string }>(
        `SELECT user_id AS "userId" FROM external_identities
          WHERE kind = 'oidc' AND issuer = $1 AND subject = $2`,
        [issuer, subject],
      )
    )[0]?.userId ?? null;
  /** Link through the provider as `sub`: where the callback sent the browser. */
  const linkAs = async (b: SsoBrowser, provider: string, sub: string) => {
    const { form } = await b.startLink(provider);
    const callback = await b.atProvider(form, { account: sub });
    return b.request('GET', callback);
  };

  it('links an identity whatever its address, keeps the session, and signs in to it later', async () => {
    const me = await signUp(browser);
    const { sub, email } = person();
    expect(email).not.toBe(me.email);
    const session = browser.cookie(PUBLIC_URL, 'chairtalk_session');

    const { authorizationUrl, form } = await browser.startLink('school');
    // The flow of a sign-in: the provider's own endpoint, PKCE with S256, a state and a nonce.
    expect(authorizationUrl.origin).toBe(school.issuer);
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizationUrl.searchParams.get('redirect_uri')).toBe(callbackOf('school'));
    const stored = await t.db.query<{ intent: string; userId: string; returnPath: string }>(
      `SELECT intent, user_id AS "userId", return_path AS "returnPath" FROM sso_logins
        WHERE user_id = $1`,
      [me.id],
    );
    expect(stored).toEqual([{ intent: 'link', userId: me.id, returnPath: '/account' }]);

    const landed = await browser.request('GET', await browser.atProvider(form, { account: sub }));
    expect(landed.status).toBe(302);
    expect(queryOf(landed.location)).toEqual({ path: '/account', params: { linked: 'school' } });
    // Nobody signed in or out: the same session, the same account, its own name and address.
    expect(browser.cookie(PUBLIC_URL, 'chairtalk_session')).toBe(session);
    expect(await meIn(browser)).toMatchObject({
      id: me.id,
      email: me.email,
      fullName: 'Dr Password',
    });
    expect(browser.cookie(PUBLIC_URL, 'chairtalk_sso')).toBeUndefined();
    expect(await ownerOf(school.issuer, sub)).toBe(me.id);
    expect((await accountIn(browser)).schoolSignIns).toEqual([
      { id: 'school', label: 'Springfield School', linked: true },
      { id: 'other', label: 'Shelbyville School', linked: false },
    ]);
    // No account was made for the school's address.
    const made = await t.db.query('SELECT 1 FROM users WHERE email = $1', [email]);
    expect(made).toEqual([]);

    // Later, from another browser, the school's sign-in reaches this very account.
    const later = new SsoBrowser(PUBLIC_URL, server.url);
    const { landed: signedIn } = await later.signIn('/api/auth/sso/school/start', sub);
    expect(signedIn.location).toBe(`${server.url}/`);
    expect(await meIn(later)).toMatchObject({ id: me.id, email: me.email });

    // Linking it again is nothing to do, and said so.
    browser.forget(school.issuer);
    const again = await linkAs(browser, 'school', sub);
    expect(queryOf(again.location)).toEqual({ path: '/account', params: { already: 'school' } });
    expect(await ownerOf(school.issuer, sub)).toBe(me.id);
  });

  it('links an identity whose address the provider did not verify, or sent none', async () => {
    for (const claims of [{ email: uniqueEmail('unverified'), email_verified: false }, {}]) {
      const b = new SsoBrowser(PUBLIC_URL, server.url);
      const me = await signUp(b);
      const sub = `person-${randomUUID()}`;
      school.people.set(sub, { name: 'Dr No Address', ...claims });
      const landed = await linkAs(b, 'school', sub);
      expect(queryOf(landed.location).params).toEqual({ linked: 'school' });
      expect(await ownerOf(school.issuer, sub)).toBe(me.id);
    }
  });

  it('refuses an identity linked to another account, and changes nothing', async () => {
    const { sub } = person();
    const owner = new SsoBrowser(PUBLIC_URL, server.url);
    await owner.signIn('/api/auth/sso/school/start', sub);
    const ownerId = (await meIn(owner)).id as string;

    const me = await signUp(browser);
    const landed = await linkAs(browser, 'school', sub);
    expect(queryOf(landed.location)).toEqual({
      path: '/account',
      params: { error: 'conflict:sso_linked_elsewhere' },
    });
    expect(await ownerOf(school.issuer, sub)).toBe(ownerId);
    expect((await accountIn(browser)).schoolSignIns.every((s) => !s.linked)).toBe(true);
    expect(await meIn(browser)).toMatchObject({ id: me.id });
    expect(await meIn(owner)).toMatchObject({ id: ownerId });
  });

  it('refuses a second person at the same school for one account', async () => {
    const me = await signUp(browser);
    const first = person();
    expect(queryOf((await linkAs(browser, 'school', first.sub)).location).params).toEqual({
      linked: 'school',
    });
    const second = person();
    browser.forget(school.issuer);
    const landed = await linkAs(browser, 'school', second.sub);
    expect(queryOf(landed.location).params).toEqual({ error: 'conflict:sso_provider_linked' });
    expect(await ownerOf(school.issuer, first.sub)).toBe(me.id);
    expect(await ownerOf(school.issuer, second.sub)).toBeNull();
  });

  it('refuses a link that comes back to a browser where someone else is now signed in', async () => {
    await signUp(browser, 'Dr Started');
    const { sub } = person();
    const { form } = await browser.startLink('school');
    const callback = await browser.atProvider(form, { account: sub });
    // Before it came back, another person signed in in this browser.
    await browser.api('POST', '/api/auth/sign-out', {});
    const now = await signUp(browser, 'Dr Now');
    const landed = await browser.request('GET', callback);
    expect(queryOf(landed.location)).toEqual({
      path: '/account',
      params: { error: 'forbidden:sso_link_session' },
    });
    expect(await ownerOf(school.issuer, sub)).toBeNull();
    // Still signed in as who they are: a link callback signs nobody in or out.
    expect(await meIn(browser)).toMatchObject({ id: now.id });
  });

  it('refuses a link that comes back to a browser signed out, on the sign-in page', async () => {
    await signUp(browser);
    const { sub } = person();
    const { form } = await browser.startLink('school');
    const callback = await browser.atProvider(form, { account: sub });
    await browser.api('POST', '/api/auth/sign-out', {});
    const landed = await browser.request('GET', callback);
    expect(queryOf(landed.location)).toEqual({
      path: '/login',
      params: { error: 'forbidden:sso_link_session' },
    });
    expect(await ownerOf(school.issuer, sub)).toBeNull();
    expect(browser.cookie(PUBLIC_URL, 'chairtalk_session')).toBeUndefined();
  });

  it('lands on the account page with the reason when the person cancels at the provider', async () => {
    const me = await signUp(browser);
    const { form } = await browser.startLink('school');
    const landed = await browser.request('GET', await browser.atProvider(form, 'cancel'));
    expect(queryOf(landed.location)).toEqual({
      path: '/account',
      params: { error: 'unauthorized:sso_link_refused' },
    });
    // The account page's sentence says nothing was linked; it is not the sign-in's sentence.
    expect(ERRORS['unauthorized:sso_link_refused']).toBe(SSO_TEXT.linkRefused);
    expect(SSO_TEXT.linkRefused).toContain('was not linked');
    expect(SSO_TEXT.linkRefused).not.toBe(SSO_TEXT.refused);
    expect(await meIn(browser)).toMatchObject({ id: me.id });
    expect((await accountIn(browser)).schoolSignIns.every((s) => !s.linked)).toBe(true);
  });

  it('a cancelled sign-in (not a link) keeps the sign-in sentence on the sign-in page', async () => {
    const { form } = await browser.startAt('/api/auth/sso/school/start');
    const landed = await browser.request('GET', await browser.atProvider(form, 'cancel'));
    expect(queryOf(landed.location)).toEqual({
      path: '/login',
      params: { error: 'unauthorized:sso_refused' },
    });
    expect(ERRORS['unauthorized:sso_refused']).toBe(SSO_TEXT.refused);
    expect(SSO_TEXT.refused).toBe("Your school's sign-in did not sign you in. Please try again.");
    expect(browser.cookie(PUBLIC_URL, 'chairtalk_session')).toBeUndefined();
  });

  it('unlinks; a provider not linked is a 404, an unknown one too', async () => {
    const me = await signUp(browser);
    const { sub } = person();
    await linkAs(browser, 'school', sub);
    expect(await ownerOf(school.issuer, sub)).toBe(me.id);

    const gone = await browser.api('DELETE', '/api/auth/sso/school/link');
    expect(gone.status).toBe(204);
    expect(await ownerOf(school.issuer, sub)).toBeNull();
    expect((await accountIn(browser)).schoolSignIns.every((s) => !s.linked)).toBe(true);
    // The password still signs in; the session is untouched.
    expect(await meIn(browser)).toMatchObject({ id: me.id });

    const again = await browser.api('DELETE', '/api/auth/sso/school/link');
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe('not_found:sso_identity');
    const unknown = await browser.api('DELETE', '/api/auth/sso/nowhere/link');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('not_found:sso_provider');
  });

  it('refuses to unlink the last way to sign in, with a password refused counted as none', async () => {
    // An account made by the school's sign-in: no password, one identity.
    const { sub } = person();
    await browser.signIn('/api/auth/sso/school/start', sub);
    const userId = (await meIn(browser)).id as string;
    const last = await browser.api('DELETE', '/api/auth/sso/school/link');
    expect(last.status).toBe(409);
    expect(last.body.error.code).toBe('conflict:sso_last_sign_in');
    expect(last.body.error.message).toMatch(/only way to sign in/);
    expect(await ownerOf(school.issuer, sub)).toBe(userId);

    // With a second school linked, one of the two may go, and then not the other.
    const elsewhere = person(other);
    expect(queryOf((await linkAs(browser, 'other', elsewhere.sub)).location).params).toEqual({
      linked: 'other',
    });
    expect((await browser.api('DELETE', '/api/auth/sso/school/link')).status).toBe(204);
    const now = await browser.api('DELETE', '/api/auth/sso/other/link');
    expect(now.status).toBe(409);
    expect(await ownerOf(other.issuer, elsewhere.sub)).toBe(userId);

    // A password counts only where no organisation of theirs refuses passwords.
    const trainer = new SsoBrowser(PUBLIC_URL, server.url);
    await signUp(trainer, 'Dr Trainer');
    const { sub: trainerSub } = person();
    await linkAs(trainer, 'school', trainerSub);
    const org = await trainer.api('POST', '/api/organisations', { name: 'Springfield Dental' });
    expect(org.status).toBe(201);
    await t.db.query('UPDATE organisations SET password_sign_in = false WHERE id = $1', [
      org.body.id,
    ]);
    const refused = await trainer.api('DELETE', '/api/auth/sso/school/link');
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('conflict:sso_last_sign_in');
    await t.db.query('UPDATE organisations SET password_sign_in = true WHERE id = $1', [
      org.body.id,
    ]);
    expect((await trainer.api('DELETE', '/api/auth/sso/school/link')).status).toBe(204);
  });

  it('never starts a link flow from a GET, another site, a stale session or no session', async () => {
    const me = await signUp(browser);
    const linkFlows = async () =>
      (
        await t.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM sso_logins WHERE intent = 'link'`,
        )
      )[0]!.n;
    const before = await linkFlows();

    // A GET (a link or an image on another site, the session cookie sent with it): no route.
    const get = await browser.request('GET', `${PUBLIC_URL}/api/auth/sso/school/link`);
    expect(get.status).toBe(404);
    expect(get.location).toBeNull();
    // The sign-in route takes no intent: whatever its query says, it is a sign-in, for nobody.
    const start = await browser.request(
      'GET',
      `${PUBLIC_URL}/api/auth/sso/school/start?intent=link&userId=${me.id}`,
    );
    expect(start.status).toBe(302);
    expect(await linkFlows()).toBe(before);
    const made = await t.db.query<{ intent: string; userId: string | null }>(
      `SELECT intent, user_id AS "userId" FROM sso_logins WHERE intent = 'sign_in'`,
    );
    expect(made.length).toBeGreaterThan(0);
    expect(made.every((row) => row.userId === null)).toBe(true);

    // A POST from another site's page is refused before anything happens.
    const crossSite = await browser.api(
      'POST',
      '/api/auth/sso/school/link',
      {},
      {
        origin: 'https://evil.example',
      },
    );
    expect(crossSite.status).toBe(403);
    expect(crossSite.body.error.code).toBe('forbidden:origin');
    // Nobody signed in: 401; a session signed in over ten minutes ago: sign in again first.
    const nobody = new SsoBrowser(PUBLIC_URL, server.url);
    expect((await nobody.api('POST', '/api/auth/sso/school/link', {})).status).toBe(401);
    await t.db.query(
      `UPDATE user_sessions SET signed_in_at = now() - interval '11 minutes' WHERE user_id = $1`,
      [me.id],
    );
    const stale = await browser.api('POST', '/api/auth/sso/school/link', {});
    expect(stale.status).toBe(403);
    expect(stale.body.error.code).toBe('forbidden:sso_link_sign_in_again');
    expect(await linkFlows()).toBe(before);
    // An unknown provider is a 404 like any unknown id.
    await t.db.query(`UPDATE user_sessions SET signed_in_at = now() WHERE user_id = $1`, [me.id]);
    const unknown = await browser.api('POST', '/api/auth/sso/nowhere/link', {});
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('not_found:sso_provider');
  });
});
