import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { TRANSLATION_TEXT } from '#shared/text';
import { startOpenAiStub, type OpenAiStub } from '../fixtures/openaiStub';
import { customSeed } from '../helpers/customScenario';
import {
  apiGet,
  apiPost,
  eventually,
  pathOf,
  seriousA11yViolations,
  signUpByApi,
  skipBrowserSuite,
  stubbedOpenAiEnv,
  useBrowserApp,
} from './browser';
import { field } from './scenarioForm';

/** Translating a scenario in the authoring screen (decision 048), by keyboard, on a phone. */

const TITLE_ES = 'Demasiado ocupada para un empaste';
const EDITED_ES = 'Demasiado ocupada para un empaste, de verdad';

/** The stub's "Spanish": every text marked, the title a real one. */
function spanish(tree: any): any {
  if (typeof tree === 'string') return `ES ${tree}`;
  if (Array.isArray(tree)) return tree.map(spanish);
  return Object.fromEntries(Object.entries(tree).map(([k, v]) => [k, spanish(v)]));
}

/** An author with one English scenario of their own, on its editor page. */
async function openOwnScenario(page: Page) {
  await signUpByApi(page);
  const seed = customSeed();
  const made = await apiPost(page, '/api/authoring/scenarios', { scenario: seed });
  const id = made.summary.id as string;
  await page.goto(`/authoring/${id}`);
  await field(page, 'Title').waitFor();
  return { id, seed };
}

const noOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe.skipIf(skipBrowserSuite)('translating a scenario (provider stub)', () => {
  let stub: OpenAiStub | null = null;
  const app = useBrowserApp({
    env: async () => {
      stub = await startOpenAiStub();
      return stubbedOpenAiEnv(stub.url);
    },
  });
  afterAll(async () => {
    await stub?.close();
  });

  it('by keyboard on a phone: translates to Spanish, opens the draft as a new scenario, and saves it after an edit', async () => {
    const page = await app.newPage({ viewport: { width: 390, height: 844 } });
    const { id, seed } = await openOwnScenario(page);
    stub!.reset();
    stub!.setTranslation((texts: any) => ({ ...spanish(texts), title: TITLE_ES }));
    const release = stub!.holdTranslations();

    // Opened by keyboard: the action, then the language (focused as the form opens).
    const action = page.getByRole('button', { name: TRANSLATION_TEXT.action });
    await action.focus();
    await page.keyboard.press('Enter');
    const target = page.getByRole('combobox', { name: TRANSLATION_TEXT.targetLabel });
    await eventually(() => target.evaluate((el) => el === document.activeElement)).toBe(true);
    // The scenario's own language is not offered.
    const offered = await target
      .locator('option')
      .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(offered).not.toContain('en');
    await target.selectOption('es');
    expect(await noOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Submitted by Enter on the button: a spinner says it is slow, and it cannot be sent twice.
    await page.getByRole('button', { name: TRANSLATION_TEXT.submit, exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: TRANSLATION_TEXT.working }).waitFor();
    expect(
      await page.getByRole('button', { name: TRANSLATION_TEXT.submit, exact: true }).isDisabled(),
    ).toBe(true);
    release();

    // The draft, in the form, as a new scenario: its heading focused, the original named.
    const heading = page.getByRole('heading', { name: TRANSLATION_TEXT.draftTitle });
    await heading.waitFor();
    await eventually(() => heading.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByText(TRANSLATION_TEXT.draftNotice(seed.title, 'es')).waitFor();
    const title = field(page, 'Title');
    expect(await title.inputValue()).toBe(TITLE_ES);
    expect(await field(page, 'Opening line').inputValue()).toBe(`ES ${seed.initialMessage}`);
    expect(await field(page, 'Language').inputValue()).toBe('es');
    expect(await noOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    // Nothing saved yet.
    expect((await apiGet(page, '/api/authoring/scenarios')).scenarios).toHaveLength(1);

    // One field edited by keyboard, then saved with Enter in it.
    await title.focus();
    await page.keyboard.press('End');
    await page.keyboard.type(', de verdad');
    await page.keyboard.press('Enter');
    await eventually(() => pathOf(page)).toMatch(/^\/authoring\/[0-9a-f-]{36}$/);
    await eventually(() => pathOf(page)).not.toBe(`/authoring/${id}`);
    const newId = pathOf(page).split('/').pop()!;

    // The new scenario is Spanish, with the edit; the original is as it was.
    const saved = (await apiGet(page, `/api/authoring/scenarios/${newId}`)).scenario;
    expect(saved).toMatchObject({ language: 'es', title: EDITED_ES });
    expect(saved.extras.hiddenConcerns[0].reveal).toBe(
      `ES ${seed.extras.hiddenConcerns[0]!.reveal}`,
    );
    const original = (await apiGet(page, `/api/authoring/scenarios/${id}`)).scenario;
    expect(original).toEqual(seed);
    const mine = (await apiGet(page, '/api/authoring/scenarios')).scenarios;
    expect(mine.map((s: { title: string }) => s.title).sort()).toEqual(
      [EDITED_ES, seed.title].sort(),
    );
    // Its editor shows it in Spanish.
    await eventually(() => field(page, 'Title').inputValue()).toBe(EDITED_ES);
    expect(await field(page, 'Language').inputValue()).toBe('es');
  });

  it('says so in the form when the provider’s answer cannot be used, and keeps the original', async () => {
    const page = await app.newPage();
    const { id } = await openOwnScenario(page);
    stub!.reset();
    stub!.setTranslation('Lo siento, no puedo.');
    await page.getByRole('button', { name: TRANSLATION_TEXT.action }).click();
    await page.getByRole('combobox', { name: TRANSLATION_TEXT.targetLabel }).selectOption('fr');
    await page.getByRole('button', { name: TRANSLATION_TEXT.submit, exact: true }).click();
    await page.getByRole('alert').filter({ hasText: TRANSLATION_TEXT.unusable }).waitFor();
    expect(pathOf(page)).toBe(`/authoring/${id}`);
    expect(await page.getByRole('heading', { name: TRANSLATION_TEXT.draftTitle }).count()).toBe(0);
    expect((await apiGet(page, '/api/authoring/scenarios')).scenarios).toHaveLength(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});

describe.skipIf(skipBrowserSuite)('translating a scenario without a provider (offline)', () => {
  const app = useBrowserApp();

  it('is refused with the sentence that says a provider must be connected', async () => {
    const page = await app.newPage();
    await openOwnScenario(page);
    await page.getByRole('button', { name: TRANSLATION_TEXT.action }).click();
    await page.getByRole('combobox', { name: TRANSLATION_TEXT.targetLabel }).selectOption('es');
    await page.getByRole('button', { name: TRANSLATION_TEXT.submit, exact: true }).click();
    await page.getByRole('alert').filter({ hasText: TRANSLATION_TEXT.needsProvider }).waitFor();
    expect((await apiGet(page, '/api/authoring/scenarios')).scenarios).toHaveLength(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
