import { freePort } from '../helpers/freePort';
import { afterAll, describe, expect, it } from 'vitest';
import { ERRORS } from '#shared/errors';
import { DASHBOARD_TEXT, SSO_TEXT } from '#shared/text';
import {
  OIDC_LOGIN_LABEL,
  startOidcProvider,
  type OidcProviderFixture,
} from '../fixtures/oidcProvider';
import { HttpClient, uniqueEmail } from '../helpers/httpClient';
import {
  apiGet,
  seriousA11yViolations,
  signUpByApi,
  skipBrowserSuite,
  useBrowserApp,
  waitForPath,
} from './browser';

/**
 * The school's sign-in in a real browser (decision 050), against a real OpenID provider: the
 * login page's button, by keyboard at phone width, the provider's form, and back signed in;
 * linking it from the account page (decision 050's addendum); and an organisation that turned
 * passwords off refusing a member's password with its sentence.
 */

describe.skipIf(skipBrowserSuite)("the school's sign-in in the browser", () => {
  let provider: OidcProviderFixture | null = null;
  const app = useBrowserApp({
    env: async () => {
      const port = await freePort();
      const publicUrl = `http://127.0.0.1:${port}`;
      provider = await startOidcProvider({
        redirectUris: [`${publicUrl}/api/auth/sso/school/callback`],
      });
      return {
        PORT: String(port),
        PUBLIC_URL: publicUrl,
        ...provider.env('school', 'Springfield'),
      };
    },
  });
  afterAll(() => provider?.close());
  const button = SSO_TEXT.signInWith('Springfield');

  it('signs in through the provider by keyboard at phone width, a new account made', async () => {
    const email = uniqueEmail('e2e-sso');
    provider!.people.set('ada', { email, email_verified: true, name: 'Dr Ada Sso' });
    const page = await app.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto('/login');
    const link = page.getByRole('link', { name: button });
    await link.waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    // The button comes first in the tab order, before the password form.
    await page.keyboard.press('Tab');
    for (let i = 0; i < 5 && !(await link.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    expect(await link.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    const account = page.getByLabel(OIDC_LOGIN_LABEL);
    await account.waitFor();
    expect(new URL(page.url()).origin).toBe(provider!.issuer);
    await account.fill('ada');
    await page.keyboard.press('Enter');

    await waitForPath(page, '/dashboard', 20_000);
    const me = await apiGet(page, '/api/auth/me');
    expect(me.user).toMatchObject({ email, fullName: 'Dr Ada Sso', emailVerified: true });

    // Its account page asks for no password it does not have, and shows the school sign-in
    // linked, with its Unlink.
    await page.goto('/account');
    const row = page.getByRole('listitem').filter({ hasText: 'Springfield' });
    await row.getByText(SSO_TEXT.statusLinked, { exact: true }).waitFor();
    await row.getByRole('button', { name: SSO_TEXT.unlinkProvider('Springfield') }).waitFor();
    await page.getByText(SSO_TEXT.noPassword).waitFor();
    expect(await page.getByLabel('Current password').count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('links the school sign-in from the account page by keyboard, and signs in to it later', async () => {
    const page = await app.newPage({ viewport: { width: 390, height: 844 } });
    // An account with a password, at an address the school does not know.
    const user = await signUpByApi(page, 'Dr Bea Linked');
    provider!.people.set('bea', {
      email: uniqueEmail('e2e-school'),
      email_verified: true,
      name: 'Beatrice At School',
    });
    await page.goto('/account');
    const section = page.getByRole('region', { name: SSO_TEXT.schoolTitle });
    const row = section.getByRole('listitem').filter({ hasText: 'Springfield' });
    await row.getByText(SSO_TEXT.statusNotLinked, { exact: true }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    // By keyboard: Tab to "Link", Enter, and the provider's form.
    const link = row.getByRole('button', { name: SSO_TEXT.linkProvider('Springfield') });
    const focused = () => link.evaluate((el) => el === document.activeElement);
    for (let i = 0; i < 60 && !(await focused()); i++) await page.keyboard.press('Tab');
    expect(await focused()).toBe(true);
    await page.keyboard.press('Enter');
    // The link starts with a POST, then the browser leaves: wait for the provider's page, since
    // the account page has labels of its own containing "Account".
    await page.waitForURL((url) => url.origin === provider!.issuer);
    const account = page.getByLabel(OIDC_LOGIN_LABEL, { exact: true });
    await account.waitFor();
    await account.fill('bea');
    await page.keyboard.press('Enter');

    // Back on the account page, still this account, the school sign-in linked and said so.
    await waitForPath(page, '/account', 20_000);
    await page
      .getByRole('status')
      .filter({ hasText: SSO_TEXT.linkedNotice('Springfield') })
      .waitFor();
    await row.getByText(SSO_TEXT.statusLinked, { exact: true }).waitFor();
    expect((await apiGet(page, '/api/auth/me')).user).toMatchObject({
      email: user.email,
      fullName: 'Dr Bea Linked',
    });
    // The notice is not in the address any more: a reload does not say it again.
    expect(new URL(page.url()).search).toBe('');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Signed out, the school's button signs in to this very account.
    await page.getByRole('button', { name: DASHBOARD_TEXT.logout }).click();
    await waitForPath(page, '/login');
    await page.getByRole('link', { name: button }).click();
    // The provider may remember Bea from the link and send her straight back.
    await page.waitForURL(
      (url) => url.pathname === '/dashboard' || url.origin === provider!.issuer,
      { timeout: 20_000 },
    );
    if (new URL(page.url()).origin === provider!.issuer) {
      await account.fill('bea');
      await page.keyboard.press('Enter');
    }
    await waitForPath(page, '/dashboard', 20_000);
    expect((await apiGet(page, '/api/auth/me')).user).toMatchObject({ email: user.email });

    // Unlinked after a confirmation: the password is still a way in, so it may go.
    await page.goto('/account');
    await row.getByRole('button', { name: SSO_TEXT.unlinkProvider('Springfield') }).click();
    const dialog = page.getByRole('dialog', { name: SSO_TEXT.unlinkTitle('Springfield') });
    await dialog.getByRole('button', { name: SSO_TEXT.unlink, exact: true }).click();
    await page
      .getByRole('status')
      .filter({ hasText: SSO_TEXT.unlinkedNotice('Springfield') })
      .waitFor();
    await row.getByText(SSO_TEXT.statusNotLinked, { exact: true }).waitFor();
    expect((await apiGet(page, '/api/account')).account.schoolSignIns).toEqual([
      { id: 'school', label: 'Springfield', linked: false },
    ]);
  });

  it('says why on the login page when the sign-in came back refused', async () => {
    const page = await app.newPage();
    await page.goto('/login?error=bad_request%3Asso_state');
    await page.getByRole('alert').filter({ hasText: ERRORS['bad_request:sso_state'] }).waitFor();
    // A code outside the vocabulary shows nothing.
    await page.goto('/login?error=%3Cb%3Ehi%3C%2Fb%3E');
    await page.getByRole('link', { name: button }).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
  });

  it("refuses a member's password where the organisation turned passwords off", async () => {
    const trainer = new HttpClient(app.baseUrl);
    await trainer.post('/api/auth/sign-up', {
      email: uniqueEmail('e2e-trainer'),
      password: 'correct horse battery',
      fullName: 'Dr Trainer',
    });
    const org = (await trainer.post('/api/organisations', { name: 'School' })).body.id as string;
    const cohort = (await trainer.post(`/api/organisations/${org}/cohorts`, { name: 'Y1' })).body
      .id as string;
    const invite = (await trainer.post(`/api/organisations/cohorts/${cohort}/invites`, {})).body;
    const email = uniqueEmail('e2e-member');
    const joined = await new HttpClient(app.baseUrl).post('/api/auth/sign-up', {
      email,
      password: 'correct horse battery',
      fullName: 'Dr Member',
      invite: invite.code,
    });
    expect(joined.status).toBe(201);
    // The trainer's setting is driven through its route in tests/integration/server/auth.
    await app.server.services.db.query(
      'UPDATE organisations SET password_sign_in = false WHERE id = $1',
      [org],
    );

    const page = await app.newPage();
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
    await page.keyboard.press('Enter');
    await page.getByRole('alert').filter({ hasText: SSO_TEXT.passwordSignInOff }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
