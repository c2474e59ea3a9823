import { describe, expect, it } from 'vitest';
import { AUTH_TEXT, MAIL_TEXT } from '#shared/text';
import { HttpClient, uniqueEmail } from '../helpers/httpClient';
import { useSmtpServer } from '../helpers/smtpServer';
import {
  eventually,
  seriousA11yViolations,
  skipBrowserSuite,
  useBrowserApp,
  waitForPath,
} from './browser';

/**
 * A forgotten password, by keyboard, through a real SMTP server: the sign-in form's link, the
 * request, the mail, the new password, signing in with it, and the used link refused.
 */
describe.skipIf(skipBrowserSuite)('a forgotten password in the browser', () => {
  const smtp = useSmtpServer();
  const app = useBrowserApp({ env: smtp.env });

  it('asks for a link, sets a new password from the mail, signs in with it, and the link is spent', async () => {
    const email = uniqueEmail('forgot');
    const made = await new HttpClient(app.baseUrl).post('/api/auth/sign-up', {
      email,
      password: 'correct horse battery',
      fullName: 'Dr Forgetful',
    });
    expect(made.status).toBe(201);

    const page = await app.newPage();
    await page.goto('/login');
    const forgot = page.getByRole('link', { name: AUTH_TEXT.forgotPassword });
    await forgot.focus();
    await page.keyboard.press('Enter');
    await waitForPath(page, '/forgot-password');
    await page.getByRole('heading', { name: AUTH_TEXT.resetTitle }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.keyboard.press('Enter');
    await page
      .getByRole('status')
      .filter({ hasText: AUTH_TEXT.resetSent(30) })
      .waitFor();

    const mail = await smtp.mail.nextMailTo(email, { subject: MAIL_TEXT.resetSubject });
    const token = /\/reset-password\?token=([a-z2-7]{32})/.exec(mail.text)?.[1];
    expect(token, mail.text).toBeDefined();
    await page.goto(`/reset-password?token=${token}`);
    await page.getByRole('heading', { name: AUTH_TEXT.newPasswordTitle }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByLabel(AUTH_TEXT.newPassword).fill('a brand new passphrase');
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: AUTH_TEXT.resetDone }).waitFor();

    await page.getByRole('link', { name: AUTH_TEXT.backToSignIn }).click();
    await waitForPath(page, '/login');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('a brand new passphrase');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await waitForPath(page, '/dashboard');

    // The link works once: on a phone, it now says so.
    const phone = await app.newPage({ viewport: { width: 390, height: 844 } });
    await phone.goto(`/reset-password?token=${token}`);
    await phone.getByLabel(AUTH_TEXT.newPassword).fill('yet another passphrase');
    await phone.getByRole('button', { name: AUTH_TEXT.savePassword }).click();
    await phone.getByRole('alert').filter({ hasText: AUTH_TEXT.resetLinkInvalid }).waitFor();
    const overflow = await phone.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await eventually(() =>
      phone.getByRole('link', { name: AUTH_TEXT.forgotPassword }).count(),
    ).toBe(1);
  });
});
