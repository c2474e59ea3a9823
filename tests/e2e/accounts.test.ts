import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '#server/auth/signIns';
import { HttpClient, uniqueEmail } from '../helpers/httpClient';
import { eventually, pathOf, skipBrowserSuite, useBrowserApp, waitForPath } from './browser';

const TAGLINE = 'AI-powered sales training for dental professionals';

/** The login form, found the way a person finds it: by headings, labels and button names. */
function loginForm(page: Page) {
  return {
    signInHeading: page.getByRole('heading', { name: 'Sign In', exact: true }),
    signUpHeading: page.getByRole('heading', { name: 'Create Account', exact: true }),
    fullName: page.getByRole('textbox', { name: 'Full name' }),
    email: page.getByRole('textbox', { name: 'Email' }),
    password: page.getByLabel('Password', { exact: true }),
    signInButton: page.getByRole('button', { name: 'Sign In', exact: true }),
    createAccountButton: page.getByRole('button', { name: 'Create Account', exact: true }),
    toSignUp: page.getByRole('button', { name: 'Sign up', exact: true }),
    toSignIn: page.getByRole('button', { name: 'Sign in', exact: true }),
    error: page.getByRole('alert'),
  };
}

describe.skipIf(skipBrowserSuite)('accounts in the browser', () => {
  const app = useBrowserApp();

  /** An existing account made behind the browser's back (its cookie stays out of the page). */
  async function existingAccount() {
    const account = { email: uniqueEmail('taken'), password: 'correct horse battery' };
    const client = new HttpClient(app.baseUrl);
    const response = await client.post('/api/auth/sign-up', { ...account, fullName: 'Dr Taken' });
    expect(response.status).toBe(201);
    return account;
  }

  it('sends / to /login, which shows the product name and tagline', async () => {
    const page = await app.newPage();
    await page.goto('/');
    await waitForPath(page, '/login');

    await page.getByRole('heading', { level: 1, name: 'ChairTalk' }).waitFor();
    await page.getByText(TAGLINE, { exact: true }).waitFor();
    const form = loginForm(page);
    await form.signInHeading.waitFor();
    expect(await form.email.isVisible()).toBe(true);
    expect(await form.password.isVisible()).toBe(true);
    expect(await form.fullName.count()).toBe(0);
  });

  it('toggles between Sign In and Create Account with the spec prompts', async () => {
    const page = await app.newPage();
    await page.goto('/login');
    const form = loginForm(page);
    await form.signInHeading.waitFor();

    await page.getByText("Don't have an account?").waitFor();
    expect(await page.getByText('Already have an account?').count()).toBe(0);
    await form.toSignUp.click();

    await form.signUpHeading.waitFor();
    await form.fullName.waitFor();
    await form.createAccountButton.waitFor();
    await page.getByText('Already have an account?').waitFor();
    expect(await page.getByText("Don't have an account?").count()).toBe(0);
    expect(await form.toSignUp.count()).toBe(0);
    await form.toSignIn.click();

    await form.signInHeading.waitFor();
    await form.signInButton.waitFor();
    await page.getByText("Don't have an account?").waitFor();
    expect(await form.fullName.count()).toBe(0);
  });

  it('shows every bad input and refused sign-in in the error box', async () => {
    const taken = await existingAccount();
    const page = await app.newPage();
    await page.goto('/login');
    const form = loginForm(page);
    await form.toSignUp.click();
    await form.fullName.waitFor();

    const submitExpecting = async (message: string) => {
      await form.createAccountButton.or(form.signInButton).click();
      await eventually(() => form.error.textContent()).toBe(message);
    };

    await form.fullName.fill('Dr Priya Shah');
    await form.email.fill('not-an-email');
    await form.password.fill('long enough password');
    await submitExpecting('Enter a valid email address');

    await form.email.fill(uniqueEmail('fresh'));
    await form.password.fill('short');
    await submitExpecting('Password must be at least 8 characters');

    await form.password.fill('long enough password');
    await form.fullName.fill('   ');
    await submitExpecting('Full name is required');

    await form.fullName.fill('Dr Priya Shah');
    await form.email.fill(taken.email);
    await submitExpecting('An account with this email already exists. Please sign in.');
    expect(pathOf(page)).toBe('/login');

    // Switching modes starts the new form without the old error.
    await form.toSignIn.click();
    await form.signInHeading.waitFor();
    expect(await form.error.count()).toBe(0);

    await form.email.fill(taken.email);
    await form.password.fill('not the right password');
    await submitExpecting('Invalid email or password');
    expect(pathOf(page)).toBe('/login');
  });

  it('shows why a common or trivial password is refused next to the password field', async () => {
    const page = await app.newPage();
    await page.goto('/login');
    const form = loginForm(page);
    await form.toSignUp.click();
    await form.fullName.fill('Dr Priya Shah');
    await form.email.fill(uniqueEmail('weak'));

    const refuse = async (weak: string, reason: string) => {
      await form.password.fill(weak);
      await form.createAccountButton.click();
      // Announced as the password field's own description, and marked invalid.
      await eventually(() => form.password.getAttribute('aria-invalid')).toBe('true');
      const describedBy = (await form.password.getAttribute('aria-describedby')) ?? '';
      expect(describedBy).not.toBe('');
      expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(reason);
      expect(await form.error.count()).toBe(0);
      // The password field has focus again, ready for another try.
      expect(await form.password.evaluate((input) => input === document.activeElement)).toBe(true);
    };
    await refuse(
      'password',
      'This password is one of the most common. Choose one that is harder to guess.',
    );
    await refuse(
      '12345678',
      'This password is a simple sequence. Choose one that is harder to guess.',
    );
    await refuse('        ', 'A password cannot be only spaces.');

    // Typing clears the reason; a good password goes through.
    await form.password.fill('my hygienist hums jazz');
    expect(await form.password.getAttribute('aria-invalid')).toBeNull();
    await form.createAccountButton.click();
    await waitForPath(page, '/dashboard');
  });

  it('signs up into the dashboard, keeps the cookie from scripts, logs out and guards every private route', async () => {
    const page = await app.newPage();
    const fullName = `Dr Mina Okafor ${randomUUID().slice(0, 4)}`;
    const email = uniqueEmail('signup');
    const password = 'correct horse battery';

    await page.goto('/login');
    const form = loginForm(page);
    await form.toSignUp.click();
    await form.fullName.fill(fullName);
    await form.email.fill(email);
    await form.password.fill(password);
    await form.createAccountButton.click();

    await waitForPath(page, '/dashboard');
    await page.getByRole('banner').getByText(fullName, { exact: true }).waitFor();

    // The session cookie exists, but page scripts cannot read it.
    const cookies = await page.context().cookies();
    const session = cookies.find((c) => c.name === SESSION_COOKIE);
    expect(session?.httpOnly).toBe(true);
    expect(await page.evaluate(() => document.cookie)).not.toContain(SESSION_COOKIE);

    // Signed in, /login sends you on to the dashboard.
    await page.goto('/login');
    await waitForPath(page, '/dashboard');
    await page.getByRole('banner').getByText(fullName, { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Logout', exact: true }).click();
    await waitForPath(page, '/login');
    await loginForm(page).signInHeading.waitFor();
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);

    for (const path of [
      '/dashboard',
      `/scenario/${randomUUID()}`,
      `/conversation/${randomUUID()}`,
    ]) {
      await page.goto(path);
      await waitForPath(page, '/login');
      await loginForm(page).signInHeading.waitFor();
    }

    // The same account signs back in with the form.
    const again = loginForm(page);
    await again.email.fill(email);
    await again.password.fill(password);
    await again.signInButton.click();
    await waitForPath(page, '/dashboard');
    await page.getByRole('banner').getByText(fullName, { exact: true }).waitFor();
  });
});
