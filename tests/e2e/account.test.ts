import { describe, expect, it } from 'vitest';
import { ACCOUNT_TEXT, COMMON_TEXT, MAIL_TEXT } from '#shared/text';
import { uniqueEmail } from '../helpers/httpClient';
import { useSmtpServer } from '../helpers/smtpServer';
import {
  eventually,
  seriousA11yViolations,
  signUpByApi,
  skipBrowserSuite,
  useBrowserApp,
  waitForPath,
} from './browser';

const tokenIn = (text: string) => {
  const token = /\/verify-email\?token=([a-z2-7]{32})/.exec(text)?.[1];
  expect(token, text).toBeDefined();
  return token!;
};

/**
 * The account page in the browser, through a real SMTP server: the dashboard's reminder, an
 * address confirmed from its mail, a new name, a new address and a new password, by keyboard,
 * and signing out everywhere; on a phone the page fits.
 */
describe.skipIf(skipBrowserSuite)('the account page in the browser', () => {
  const smtp = useSmtpServer();
  const app = useBrowserApp({ env: smtp.env });

  it('confirms the address from its mail, then changes name, address and password by keyboard', async () => {
    const page = await app.newPage();
    const user = await signUpByApi(page, 'Dr Ada Account');
    await page.goto('/dashboard');
    const banner = page.getByRole('region', { name: ACCOUNT_TEXT.verifyTitle });
    await banner.getByText(ACCOUNT_TEXT.bannerText(user.email)).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The link from the mail, opened in the same browser.
    const token = tokenIn(
      (await smtp.mail.nextMailTo(user.email, { subject: MAIL_TEXT.verifySubject })).text,
    );
    await page.goto(`/verify-email?token=${token}`);
    await page.getByRole('heading', { name: ACCOUNT_TEXT.verifyTitle }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: ACCOUNT_TEXT.verifyButton }).focus();
    await page.keyboard.press('Enter');
    await page
      .getByRole('status')
      .filter({ hasText: ACCOUNT_TEXT.verifyDone(user.email) })
      .waitFor();
    await page.getByRole('link', { name: ACCOUNT_TEXT.goToAccount }).click();
    await waitForPath(page, '/account');
    await page.getByRole('heading', { name: ACCOUNT_TEXT.title }).waitFor();
    await page.getByText(ACCOUNT_TEXT.verified, { exact: true }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // A new name: typed, Enter, and the top bar shows it.
    const name = page.getByLabel(ACCOUNT_TEXT.nameLabel);
    await name.fill('Dr Ada Renamed');
    await name.press('Enter');
    await page.getByRole('status').filter({ hasText: ACCOUNT_TEXT.nameSaved }).waitFor();
    await page.locator('.top-bar__name').filter({ hasText: 'Dr Ada Renamed' }).waitFor();

    // A new address: refused without the right password, then asked for and confirmed.
    const next = uniqueEmail('moved');
    const email = page.getByLabel(ACCOUNT_TEXT.newEmailLabel);
    const section = page.getByRole('region', { name: ACCOUNT_TEXT.emailTitle });
    await email.fill(next);
    await section.getByLabel(ACCOUNT_TEXT.currentPasswordLabel).fill('not my password');
    await email.press('Enter');
    await section
      .getByRole('alert')
      .filter({ hasText: ACCOUNT_TEXT.wrongCurrentPassword })
      .waitFor();
    await section.getByLabel(ACCOUNT_TEXT.currentPasswordLabel).fill(user.password);
    await email.press('Enter');
    await section.getByText(ACCOUNT_TEXT.changeRequested(next, 48)).waitFor();
    await section.getByText(ACCOUNT_TEXT.pendingEmail(next)).waitFor();
    const notice = await smtp.mail.nextMailTo(user.email, {
      subject: MAIL_TEXT.changeNoticeSubject,
    });
    expect(notice.text).toContain(next);
    const moved = tokenIn(
      (await smtp.mail.nextMailTo(next, { subject: MAIL_TEXT.verifySubject })).text,
    );
    await page.goto(`/verify-email?token=${moved}`);
    await page.getByRole('button', { name: ACCOUNT_TEXT.verifyButton }).click();
    await page
      .getByRole('status')
      .filter({ hasText: ACCOUNT_TEXT.verifyDone(next) })
      .waitFor();
    await page.goto('/account');
    await page
      .getByRole('region', { name: ACCOUNT_TEXT.emailTitle })
      .getByText(next, { exact: true })
      .waitFor();

    // A new password; a weak one is refused with the rule's own sentence.
    const passwords = page.getByRole('region', { name: ACCOUNT_TEXT.passwordTitle });
    await passwords.getByLabel(ACCOUNT_TEXT.currentPasswordLabel).fill(user.password);
    const fresh = passwords.getByLabel(ACCOUNT_TEXT.newPasswordLabel);
    await fresh.fill('short');
    await fresh.press('Enter');
    await passwords.getByText('Password must be at least 8 characters').waitFor();
    await fresh.fill('a brand new passphrase');
    await fresh.press('Enter');
    await passwords.getByRole('status').filter({ hasText: ACCOUNT_TEXT.passwordChanged }).waitFor();
    const signIn = await page.request.post('/api/auth/sign-in', {
      data: { email: next, password: 'a brand new passphrase' },
    });
    expect(signIn.status()).toBe(200);
  });

  it('signs out everywhere after a confirmation, and fits a phone', async () => {
    const phone = await app.newPage({ viewport: { width: 390, height: 844 } });
    const user = await signUpByApi(phone, 'Dr Phone Account');
    const laptop = await app.newPage();
    const signedIn = await laptop.request.post('/api/auth/sign-in', {
      data: { email: user.email, password: user.password },
    });
    expect(signedIn.status()).toBe(200);

    await phone.goto('/account');
    await phone.getByRole('heading', { name: ACCOUNT_TEXT.title }).waitFor();
    await phone.getByText(ACCOUNT_TEXT.unverified, { exact: true }).waitFor();
    expect(await seriousA11yViolations(phone)).toEqual([]);
    const overflow = await phone.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    // Cancelling the confirmation (Escape) keeps everyone signed in; focus starts on Cancel.
    await phone.getByRole('button', { name: ACCOUNT_TEXT.signOutEverywhere }).click();
    const ask = phone.getByRole('dialog', { name: ACCOUNT_TEXT.signOutEverywhereTitle });
    await expect.poll(() => ask.isVisible()).toBe(true);
    expect(await ask.textContent()).toContain(ACCOUNT_TEXT.signOutEverywhereConfirm);
    expect(await phone.evaluate(() => document.activeElement?.textContent)).toBe(
      COMMON_TEXT.cancel,
    );
    expect(await seriousA11yViolations(phone)).toEqual([]);
    await phone.keyboard.press('Escape');
    await expect.poll(() => ask.count()).toBe(0);
    expect((await laptop.request.get('/api/auth/me')).status()).toBe(200);

    const button = phone.getByRole('button', { name: ACCOUNT_TEXT.signOutEverywhere });
    await button.focus();
    await phone.keyboard.press('Enter');
    await ask.getByRole('button', { name: ACCOUNT_TEXT.signOutEverywhere }).click();
    await waitForPath(phone, '/login');
    await eventually(async () => (await laptop.request.get('/api/auth/me')).status()).toBe(401);
    expect((await phone.request.get('/api/auth/me')).status()).toBe(401);
  });
});
