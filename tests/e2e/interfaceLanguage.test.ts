import { describe, expect, it } from 'vitest';
import { en } from '#shared/i18n/en';
import { es } from '#shared/i18n/es';
import {
  apiGet,
  apiPost,
  seriousA11yViolations,
  signUpByApi,
  skipBrowserSuite,
  useBrowserApp,
} from './browser';

/**
 * The interface in the user's language (decision 049), in a real browser: switched to Spanish
 * on the sign-in page, the page, the server's error sentences, <html lang> and the dates
 * follow; signed in, the choice is saved on the account, and the account page switches back.
 */
describe.skipIf(skipBrowserSuite)('the interface language in the browser', () => {
  const app = useBrowserApp();

  it('switches to Spanish on the sign-in page and keeps it, saved on the account, once signed in', async () => {
    const page = await app.newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: en.auth.forgotPassword }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('en');

    await page.getByLabel(en.common.languageLabel).selectOption('es');
    await page.getByRole('link', { name: es.auth.forgotPassword }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('es');
    expect(await page.getByLabel(es.common.languageLabel).inputValue()).toBe('es');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The server answers in it too: the request names the language.
    await page.getByLabel(es.auth.emailLabel, { exact: true }).fill('nobody-here@example.com');
    const password = page.getByLabel(es.auth.passwordLabel, { exact: true });
    await password.fill('not a password at all');
    await password.press('Enter');
    await page.getByRole('alert').filter({ hasText: es.auth.wrongCredentials }).waitFor();

    // A reload keeps the choice.
    await page.reload();
    await page.getByRole('link', { name: es.auth.forgotPassword }).waitFor();

    // Signed in: the choice made before is saved on the account.
    await signUpByApi(page, 'Dr Lengua');
    const scenarios = (await apiGet(page, '/api/scenarios')).scenarios as Array<{ id: string }>;
    const conversation = await apiPost(page, '/api/conversations', {
      scenarioId: scenarios[0]!.id,
    });
    await page.goto('/account');
    await page.getByRole('heading', { level: 1, name: es.account.title }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('es');
    await expect.poll(async () => (await apiGet(page, '/api/account')).account.locale).toBe('es');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Dates the Spanish way: the conversation's date ('5 de enero de 2025', not 'January 5, 2025').
    await page.goto(`/conversation/${conversation.session.id}`);
    const date = page.locator('time[datetime]').first();
    await date.waitFor();
    const [shown, iso] = [await date.textContent(), await date.getAttribute('datetime')];
    const spanish = await page.evaluate(
      (value) => new Intl.DateTimeFormat('es', { dateStyle: 'long' }).format(new Date(value)),
      iso!,
    );
    const english = await page.evaluate(
      (value) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(new Date(value)),
      iso!,
    );
    // The header says date and time in one sentence ('5 de enero de 2025 a las 10:00').
    expect(shown).toContain(spanish);
    expect(shown).not.toContain(english);

    // The account page switches back, in place, and saves that too.
    await page.goto('/account');
    const select = page.getByRole('combobox', { name: es.common.languageLabel });
    await select.selectOption('en');
    await page.getByRole('heading', { level: 1, name: en.account.title }).waitFor();
    await page.getByRole('status').filter({ hasText: en.account.languageSaved }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect((await apiGet(page, '/api/account')).account.locale).toBe('en');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
