import { freePort } from '../helpers/freePort';
import { afterAll, describe, expect, it } from 'vitest';
import { ERRORS } from '#shared/errors';
import { SSO_TEXT } from '#shared/text';
import {
  OIDC_LOGIN_LABEL,
  startOidcProvider,
  type OidcProviderFixture,
} from '../fixtures/oidcProvider';
import { HttpClient, uniqueEmail } from '../helpers/httpClient';
import {
  apiGet,
  seriousA11yViolations,
  skipBrowserSuite,
  useBrowserApp,
  waitForPath,
} from './browser';

/**
 * The school's sign-in in a real browser (decision 050), against a real OpenID provider: the
 * login page's button, by keyboard at phone width, the provider's form, and back signed in; and
 * an organisation that turned passwords off refusing a member's password with its sentence.
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

    // Its account page asks for no password it does not have, and names the school sign-in.
    await page.goto('/account');
    await page.getByText(SSO_TEXT.linkedWith('Springfield')).waitFor();
    await page.getByText(SSO_TEXT.noPassword).waitFor();
    expect(await page.getByLabel('Current password').count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
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
