import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '#shared/scenario';
import {
  apiGet,
  eventually,
  seriousA11yViolations,
  signUpByApi,
  skipBrowserSuite,
  textsOf,
  useBrowserApp,
  waitForPath,
} from './browser';

const NO_MATCHES =
  'No scenarios match your current filters. Try different search terms or difficulty level.';
const BADGE = /^(Beginner|Intermediate|Advanced)$/;

/** Written here from the spec, not imported, so a wrong client rule cannot agree with itself. */
function mentions(scenario: Scenario, word: string): boolean {
  const needle = word.toLowerCase();
  return [
    scenario.title,
    scenario.description,
    scenario.category,
    scenario.patientProfile,
    ...scenario.patientConcerns,
  ].some((text) => text.toLowerCase().includes(needle));
}

function dashboard(page: Page) {
  return {
    cards: page.getByRole('article'),
    search: page.getByRole('searchbox', { name: 'Search scenarios' }),
    difficulty: page.getByRole('combobox', { name: 'Filter by Difficulty' }),
    foundLine: page.getByText(/^Found \d+ /),
    clearFilters: page.getByRole('button', { name: 'Clear All Filters', exact: true }),
  };
}

async function cardTitles(page: Page): Promise<string[]> {
  return textsOf(page.getByRole('article').getByRole('heading', { level: 3 }));
}

/** The text the difficulty dropdown shows right now. */
function shownDifficulty(page: Page): Promise<string> {
  return dashboard(page).difficulty.evaluate(
    (select: HTMLSelectElement) => select.selectedOptions[0]?.textContent?.trim() ?? '',
  );
}

describe.skipIf(skipBrowserSuite)('scenario browsing in the browser', () => {
  const app = useBrowserApp();

  /** A signed-in page on the dashboard, with the scenario list as the API gives it. */
  async function openDashboard(viewport?: { width: number; height: number }) {
    const page = await app.newPage(viewport ? { viewport } : {});
    await signUpByApi(page);
    const scenarios: Scenario[] = (await apiGet(page, '/api/scenarios')).scenarios;
    expect(scenarios.length).toBeGreaterThan(3);
    expect(new Set(scenarios.map((s) => s.title)).size).toBe(scenarios.length);
    await page.goto('/dashboard');
    await eventually(() => dashboard(page).cards.count()).toBe(scenarios.length);
    return { page, scenarios, byTitle: new Map(scenarios.map((s) => [s.title, s])) };
  }

  it('opens on the Practice Scenarios tab with every scenario as a card', async () => {
    const { page, scenarios } = await openDashboard();
    const tabs = page.getByRole('tab');
    expect(await textsOf(tabs)).toEqual([
      'Practice Scenarios',
      'Your Progress',
      'Conversation History',
    ]);
    expect(
      await page.getByRole('tab', { name: 'Practice Scenarios' }).getAttribute('aria-selected'),
    ).toBe('true');
    expect(
      await page.getByRole('tab', { name: 'Your Progress' }).getAttribute('aria-selected'),
    ).toBe('false');
    await page.getByRole('heading', { name: 'Choose a Scenario to Practice' }).waitFor();

    expect((await cardTitles(page)).sort()).toEqual(scenarios.map((s) => s.title).sort());
    const cards = dashboard(page).cards;
    for (let i = 0; i < (await cards.count()); i++) {
      const card = cards.nth(i);
      await card.getByText('Empathy, Clarity, Persuasion', { exact: true }).waitFor();
      await card.getByRole('button', { name: 'Start Conversation' }).waitFor();
    }
    expect(await dashboard(page).foundLine.count()).toBe(0);
    expect(await shownDifficulty(page)).toBe('Filter by Difficulty');
  });

  it('searches case-insensitively, filters by difficulty and clears the filters', async () => {
    const { page, scenarios, byTitle } = await openDashboard();
    const ui = dashboard(page);
    const crowns = scenarios.filter((s) => mentions(s, 'crown'));
    expect(crowns.length).toBeGreaterThan(0);
    expect(crowns.length).toBeLessThan(scenarios.length);
    const noun = (n: number) => (n === 1 ? 'scenario' : 'scenarios');

    for (const typed of ['crown', 'CROWN']) {
      await ui.search.fill(typed);
      await eventually(() => ui.foundLine.textContent()).toBe(
        `Found ${crowns.length} ${noun(crowns.length)} matching "${typed}"`,
      );
      const titles = await cardTitles(page);
      expect(titles.sort()).toEqual(crowns.map((s) => s.title).sort());
      for (const title of titles) expect(mentions(byTitle.get(title)!, 'crown')).toBe(true);
    }

    await ui.clearFilters.click();
    await eventually(() => ui.cards.count()).toBe(scenarios.length);
    expect(await ui.search.inputValue()).toBe('');

    expect(await shownDifficulty(page)).toBe('Filter by Difficulty');
    for (const level of ['advanced', 'beginner'] as const) {
      const label = level === 'advanced' ? 'Advanced' : 'Beginner';
      const expected = scenarios.filter((s) => s.difficulty === level);
      expect(expected.length).toBeGreaterThan(0);
      await ui.difficulty.selectOption({ label });
      expect(await shownDifficulty(page)).toBe(label);
      await eventually(() => ui.foundLine.textContent()).toBe(
        `Found ${expected.length} ${level} ${noun(expected.length)}`,
      );
      await eventually(() => ui.cards.count()).toBe(expected.length);
      expect(new Set(await textsOf(ui.cards.getByText(BADGE)))).toEqual(new Set([label]));
    }

    await ui.clearFilters.click();
    await eventually(() => ui.cards.count()).toBe(scenarios.length);
    expect(await ui.foundLine.count()).toBe(0);
    expect(await ui.clearFilters.count()).toBe(0);
    expect(await shownDifficulty(page)).toBe('Filter by Difficulty');
    expect(new Set(await textsOf(ui.cards.getByText(BADGE)))).toEqual(
      new Set(['Beginner', 'Intermediate', 'Advanced']),
    );

    await ui.search.fill('zzxq-no-such-treatment');
    await page.getByText(NO_MATCHES, { exact: true }).waitFor();
    expect(await ui.cards.count()).toBe(0);
    await eventually(() => ui.foundLine.textContent()).toBe(
      'Found 0 scenarios matching "zzxq-no-such-treatment"',
    );
  });

  it('opens a scenario from the keyboard and shows its header, profile and concerns', async () => {
    const { page, scenarios } = await openDashboard();
    const titles = await cardTitles(page);
    const target = scenarios.find((s) => s.title === titles[1])!;
    const start = page
      .getByRole('article', { name: target.title })
      .getByRole('button', { name: 'Start Conversation' });

    // Tab through the page as a keyboard user would until the card's button has focus.
    let presses = 0;
    while (!(await start.evaluate((el) => el === document.activeElement))) {
      expect(presses++, 'Tab never reached the card').toBeLessThan(40);
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Enter');
    await waitForPath(page, `/scenario/${target.id}`);

    await page.getByRole('heading', { level: 1, name: target.title }).waitFor();
    await page.getByText(target.description, { exact: true }).waitFor();
    const difficulty = target.difficulty.charAt(0).toUpperCase() + target.difficulty.slice(1);
    await page.getByRole('main').getByText(difficulty, { exact: true }).first().waitFor();

    const profile = page.getByRole('region', { name: 'Patient profile' });
    await profile.getByText(target.patientProfile, { exact: true }).waitFor();
    await profile.getByRole('heading', { name: 'Key concerns' }).waitFor();
    expect(await textsOf(profile.getByRole('listitem'))).toEqual(
      target.patientConcerns.filter((c) => c.trim() !== ''),
    );
    await page.getByRole('link', { name: 'Back to Dashboard' }).waitFor();
  });

  it('says "Scenario not found" for an unknown id, then returns to the dashboard', async () => {
    const page = await app.newPage();
    await signUpByApi(page);
    await page.goto(`/scenario/${randomUUID()}`);
    await eventually(() => page.getByRole('alert').textContent()).toBe('Scenario not found');
    await waitForPath(page, '/dashboard');
    await page.getByRole('heading', { name: 'Choose a Scenario to Practice' }).waitFor();
  });

  it('lays the cards out in one column on a phone and three on a laptop', async () => {
    const cardLefts = (page: Page) =>
      dashboard(page).cards.evaluateAll((cards) =>
        cards.map((card) => Math.round(card.getBoundingClientRect().left)),
      );

    const phone = await openDashboard({ width: 375, height: 740 });
    const phoneLefts = await cardLefts(phone.page);
    expect(new Set(phoneLefts).size).toBe(1);
    const overflow = await phone.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, 'the phone layout scrolls sideways').toBe(0);

    const laptop = await openDashboard({ width: 1280, height: 800 });
    const laptopLefts = await cardLefts(laptop.page);
    expect(new Set(laptopLefts).size).toBe(3);
    expect(laptopLefts.slice(0, 3)).toEqual([...new Set(laptopLefts.slice(0, 3))]);
    expect(laptopLefts[3]).toBe(laptopLefts[0]);
  });

  describe('accessibility (axe-core: no serious or critical findings)', () => {
    it('login screen', async () => {
      const page = await app.newPage();
      await page.goto('/login');
      await page.getByRole('heading', { name: 'Sign In', exact: true }).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
    });

    it('dashboard', async () => {
      const { page } = await openDashboard();
      expect(await seriousA11yViolations(page)).toEqual([]);
    });

    it('scenario screen', async () => {
      const { page, scenarios } = await openDashboard();
      await page.goto(`/scenario/${scenarios[0]!.id}`);
      await page.getByRole('region', { name: 'Conversation messages' }).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
    });
  });
});
