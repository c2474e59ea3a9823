import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { startOpenAiStub, type OpenAiStub } from '../fixtures/openaiStub';
import { HttpClient } from '../helpers/httpClient';
import {
  apiGet,
  eventually,
  pathOf,
  seriousA11yViolations,
  signUpByApi,
  skipBrowserSuite,
  stubbedOpenAiEnv,
  useBrowserApp,
  waitForPath,
} from './browser';
import { gradedConversation } from './gradedConversation';
import { ACCOUNT_TEXT } from '#shared/text';

/**
 * Your data, yours to take or delete (issue 27, decision 045), as a person does it: deleting a
 * conversation from the history list and from its page, downloading everything, the recordings
 * setting, and deleting the account; by keyboard, at phone width, checked with axe.
 */

const PHONE = { width: 390, height: 844 };

async function scenarioIds(page: Page): Promise<string[]> {
  return (await apiGet(page, '/api/scenarios')).scenarios.map((s: { id: string }) => s.id);
}

/** Presses Tab until `name` (a button) has focus: the way a keyboard gets there. */
async function tabTo(page: Page, name: string, limit = 60) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return el ? (el.getAttribute('aria-label') ?? el.textContent ?? '').trim() : '';
    });
    if (focused === name) return;
  }
  throw new Error(`${name} never took focus`);
}

describe.skipIf(skipBrowserSuite)('your data in the browser', () => {
  const app = useBrowserApp();

  it('deletes a conversation from the history list by keyboard, after asking', async () => {
    const page = await app.newPage();
    await signUpByApi(page);
    const [first, second] = await scenarioIds(page);
    const kept = await gradedConversation(page, app.baseUrl, first!);
    const doomed = await gradedConversation(page, app.baseUrl, second!);
    await page.goto('/dashboard?tab=history');
    const cards = page.locator('.history-entry');
    await eventually(() => cards.count()).toBe(2);

    const doomedTitle = await page
      .locator('.history-entry', {
        has: page.locator(`a[href="/conversation/${doomed.conversationId}"]`),
      })
      .locator('.history-entry__link')
      .textContent();
    const name = `Delete conversation: ${doomedTitle!.trim()}`;
    await tabTo(page, name);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Delete this conversation?' });
    await dialog.waitFor();
    // Nothing is destroyed by pressing Enter on arrival: focus starts on Cancel.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await cards.count()).toBe(2);

    await tabTo(page, name);
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Delete for good');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await eventually(() => cards.count()).toBe(1);
    const history = await apiGet(page, '/api/history');
    expect(history.entries.map((e: { conversationId: string }) => e.conversationId)).toEqual([
      kept.conversationId,
    ]);
    const gone = await page.request.get(`/api/conversations/${doomed.conversationId}`);
    expect(gone.status()).toBe(404);
  });

  it('deletes a conversation from its own page at phone width and lands on the history', async () => {
    const page = await app.newPage({ viewport: PHONE });
    await signUpByApi(page);
    const [first] = await scenarioIds(page);
    const done = await gradedConversation(page, app.baseUrl, first!);
    await page.goto(`/conversation/${done.conversationId}`);
    const button = page.getByRole('button', { name: 'Delete conversation', exact: true });
    await button.waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Delete this conversation?' });
    await dialog.waitFor();
    const box = await dialog.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Delete for good' }).click();
    await waitForPath(page, '/dashboard');
    expect(new URL(page.url()).search).toBe('?tab=history');
    await page.getByText('No conversation history found', { exact: false }).waitFor();
  });

  it('downloads everything as a ZIP, with a spinner while it is made', async () => {
    const page = await app.newPage();
    await signUpByApi(page, 'Dr Zip Archive');
    const [first] = await scenarioIds(page);
    const done = await gradedConversation(page, app.baseUrl, first!);
    await page.goto('/account');
    const button = page.getByRole('button', { name: 'Download my data' });
    await button.waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The answer is held until the page shows it is waiting: the spinner is seen, not raced.
    await page.route('**/api/account/export', async (route) => {
      await eventually(() => button.getAttribute('aria-busy')).toBe('true');
      await eventually(() => button.getByRole('status').textContent()).toBe(
        'Preparing your download',
      );
      await route.continue();
    });
    const download = page.waitForEvent('download');
    await button.focus();
    await page.keyboard.press('Enter');
    const file = await (await download).path();
    expect((await download).suggestedFilename()).toMatch(/^chairtalk-data-\d{4}-\d\d-\d\d\.zip$/);
    const entries = unzipSync(new Uint8Array(readFileSync(file!)));
    const names = Object.keys(entries);
    expect(names).toEqual(
      expect.arrayContaining([
        'README.txt',
        'account.json',
        'organisations.json',
        'scenarios.json',
      ]),
    );
    expect(strFromU8(entries['README.txt']!)).toMatch(/conversations\//);
    expect(JSON.parse(strFromU8(entries['account.json']!)).account.fullName).toBe('Dr Zip Archive');
    const conversation = names.find((n) => n.includes(done.conversationId));
    expect(conversation).toMatch(/^conversations\/.+\.json$/);
    const record = JSON.parse(strFromU8(entries[conversation!]!));
    expect(record.feedback.overallScore).toBe(done.feedback.overallScore);
    await eventually(() => button.getAttribute('aria-busy')).toBe('false');
  });

  it('turns "Keep recordings of my voice turns" off by keyboard at phone width', async () => {
    const page = await app.newPage({ viewport: PHONE });
    await signUpByApi(page);
    await page.goto('/account');
    const toggle = page.getByRole('checkbox', { name: 'Keep recordings of my voice turns' });
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(true);
    await page.getByText('kept for 30 days', { exact: false }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await toggle.focus();
    await page.keyboard.press('Space');
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    expect(await toggle.isChecked()).toBe(false);
    expect((await apiGet(page, '/api/account/recordings')).recordings.keepRecordings).toBe(false);
    // The page fits the phone: nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
  });

  it('deletes the account with its password at phone width, then says so on the sign-in page', async () => {
    const page = await app.newPage({ viewport: PHONE });
    const user = await signUpByApi(page, 'Dr Leaving Now');
    const [first] = await scenarioIds(page);
    await gradedConversation(page, app.baseUrl, first!);
    await page.goto('/account');
    const open = page.getByRole('button', { name: 'Delete my account' });
    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Delete your account for good?' });
    await dialog.waitFor();
    const password = dialog.getByLabel('Your password');
    // The password field takes focus first: typing starts at once.
    expect(await password.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.keyboard.type('not my password');
    await page.keyboard.press('Enter');
    await eventually(() => dialog.getByRole('alert').textContent()).toBe(
      ACCOUNT_TEXT.wrongCurrentPassword,
    );
    expect(pathOf(page)).toBe('/account');
    await password.fill(user.password);
    await password.press('Enter');

    await waitForPath(page, '/login');
    await page.getByText('Your account has been deleted.').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    // Gone for good: the address no longer signs in, and the page holds no session.
    const signIn = await new HttpClient(app.baseUrl).post('/api/auth/sign-in', {
      email: user.email,
      password: user.password,
    });
    expect(signIn.status).toBe(401);
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  });
});

describe.skipIf(skipBrowserSuite)('the recording notice in voice mode', () => {
  let stub: OpenAiStub;
  const app = useBrowserApp({
    env: async () => {
      stub = await startOpenAiStub();
      return stubbedOpenAiEnv(stub.url);
    },
  });
  afterEach(() => stub.reset());

  async function openVoice(page: Page) {
    const [first] = await scenarioIds(page);
    await page.goto(`/scenario/${first}`);
    const button = page.getByRole('button', { name: 'Voice Mode' });
    await button.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Voice Conversation Mode' });
    await dialog.waitFor();
    return dialog;
  }

  it('says before the microphone starts that turns are kept, for how long, and where to stop it', async () => {
    const page = await app.newPage({ viewport: PHONE });
    await signUpByApi(page);
    let dialog = await openVoice(page);
    const notice = dialog.getByTestId('recording-notice');
    await eventually(() => notice.textContent()).toMatch(
      /^Your voice turns are recorded and kept for 30 days so you can replay them\. To stop this, turn off “Keep recordings of my voice turns” on your account page\./,
    );
    expect(await notice.getByRole('link', { name: 'Account page' }).getAttribute('href')).toBe(
      '/account',
    );
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Off on the account page: the notice says nothing is recorded.
    const off = await page.request.post('/api/account/recordings', {
      data: { keepRecordings: false },
    });
    expect(off.status()).toBe(200);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    dialog = await openVoice(page);
    await eventually(() => dialog.getByTestId('recording-notice').textContent()).toMatch(
      /^Your voice turns are not recorded: “Keep recordings of my voice turns” is off on your account page\./,
    );
  });
});
