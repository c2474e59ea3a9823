import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SCORE_KEYS, type Feedback } from '#shared/feedback';
import { anchorFor, bandRange, RUBRIC, RUBRIC_BANDS } from '#shared/rubric';
import type { Scenario } from '#shared/scenario';
import {
  apiGet,
  eventually,
  seriousA11yViolations,
  signUpByApi,
  skipBrowserSuite,
  textsOf,
  useBrowserApp,
} from './browser';

const PANEL_NAME = "How you'll be scored";

/** The spec §2 bar labels, in report order (SCORE_KEYS). */
const SCORE_LABELS = [
  'Overall Performance',
  'Empathy & Rapport',
  'Clarity & Communication',
  'Persuasion & Value Proposition',
  'Objection Handling',
];

async function openScenario(page: Page): Promise<{ scenario: Scenario; conversationId: string }> {
  await signUpByApi(page);
  const scenarios: Scenario[] = (await apiGet(page, '/api/scenarios')).scenarios;
  const scenario = scenarios[0]!;
  const created = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/conversations',
  );
  await page.goto(`/scenario/${scenario.id}`);
  const response = await created;
  expect(response.status()).toBe(201);
  await page.getByRole('region', { name: 'Conversation messages' }).waitFor();
  return { scenario, conversationId: (await response.json()).session.id };
}

function rubricPanel(page: Page) {
  return {
    region: page.getByRole('region', { name: PANEL_NAME }),
    toggle: page.getByRole('button', { name: PANEL_NAME }),
  };
}

/** Types a line, presses Enter and waits for the patient's whole reply. */
async function say(page: Page, text: string) {
  const items = page.getByRole('region', { name: 'Conversation messages' }).getByRole('listitem');
  const patient = items.filter({ hasText: 'Patient said:' });
  const before = await patient.count();
  const composer = page.getByRole('textbox', { name: 'Your message to the patient' });
  await composer.fill(text);
  await composer.press('Enter');
  await eventually(() => patient.count()).toBe(before + 1);
  await eventually(() => page.getByText('Patient is replying…').count()).toBe(0);
}

/** The line under each score bar, in report order. */
async function anchorsUnderScores(report: Locator, page: Page): Promise<string[]> {
  const lines: string[] = [];
  for (const label of SCORE_LABELS) {
    const row = report
      .getByRole('listitem')
      .filter({ has: page.getByText(label, { exact: true }) });
    expect(await row.count(), label).toBe(1);
    const [shown] = await textsOf(row.getByText(/^(Good|Fair|Poor): /));
    lines.push(shown ?? '');
  }
  return lines;
}

function expectedAnchors(feedback: Feedback): string[] {
  return SCORE_KEYS.map((key) => {
    const met = anchorFor(key, feedback[key]);
    return `${met.label}: ${met.text}`;
  });
}

describe.skipIf(skipBrowserSuite)('the rubric before and after (offline AI)', () => {
  const app = useBrowserApp();

  it('opens "How you\'ll be scored" from the keyboard, then shows the anchor each score met', async () => {
    const page = await app.newPage();
    const { conversationId } = await openScenario(page);
    const { region, toggle } = rubricPanel(page);

    // Collapsed at first: the anchors are not on screen.
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await region.getByRole('heading', { level: 3 }).count()).toBe(0);

    // Tab until the toggle has focus, the way a keyboard user reaches it.
    await page.locator('body').focus();
    let reached = false;
    for (let presses = 0; presses < 40 && !reached; presses++) {
      await page.keyboard.press('Tab');
      reached = await toggle.evaluate((el) => el === document.activeElement);
    }
    expect(reached).toBe(true);
    await page.keyboard.press('Enter');
    await eventually(() => toggle.getAttribute('aria-expanded')).toBe('true');

    expect(await textsOf(region.getByRole('heading', { level: 3 }))).toEqual(
      RUBRIC.map((r) => r.name),
    );
    for (const skill of RUBRIC) {
      const item = region.getByRole('listitem').filter({
        has: page.getByRole('heading', { name: skill.name, exact: true }),
      });
      expect(await item.getByText(skill.measures, { exact: true }).isVisible()).toBe(true);
      expect(await textsOf(item.getByRole('term'))).toEqual(
        RUBRIC_BANDS.map((b) => `${b.label} (${bandRange(b)})`),
      );
      expect(await textsOf(item.getByRole('definition'))).toEqual(
        RUBRIC_BANDS.map((b) => skill.anchors[b.level]),
      );
    }
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Space folds it away again; Enter brings it back.
    await page.keyboard.press('Space');
    await eventually(() => toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await region.getByRole('definition').count()).toBe(0);
    await page.keyboard.press('Enter');
    await eventually(() => toggle.getAttribute('aria-expanded')).toBe('true');

    await say(page, 'Hello, thanks for coming in. What brings you here today?');
    await say(page, 'It sounds like this has been worrying you. Tell me more about it.');
    await page.getByRole('button', { name: 'End conversation & get feedback' }).click();

    const report = page.getByRole('dialog', { name: 'Conversation Feedback' });
    await report.waitFor({ timeout: 20_000 });
    await report.getByRole('heading', { name: 'Performance Scores' }).waitFor();
    const { feedback } = (await apiGet(page, `/api/conversations/${conversationId}`)) as {
      feedback: Feedback;
    };
    expect(await anchorsUnderScores(report, page)).toEqual(expectedAnchors(feedback));
    expect(await seriousA11yViolations(page)).toEqual([]);
    // A short conversation is not all good: at least one anchor says what to do better.
    expect(SCORE_KEYS.some((key) => anchorFor(key, feedback[key]).level !== 'good')).toBe(true);

    // The conversation's detail page opens the same report, with the same anchors.
    await page.goto(`/conversation/${conversationId}`);
    await page.getByRole('button', { name: /View Feedback/ }).click();
    const review = page.getByRole('dialog', { name: 'Conversation Feedback' });
    await review.waitFor();
    expect(await anchorsUnderScores(review, page)).toEqual(expectedAnchors(feedback));
  });

  it('fits a phone: the panel opens without widening the page', async () => {
    const page = await app.newPage({ viewport: { width: 375, height: 740 } });
    await openScenario(page);
    const { region, toggle } = rubricPanel(page);
    const box = (await toggle.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    await toggle.click();
    await eventually(() => toggle.getAttribute('aria-expanded')).toBe('true');
    await region.getByRole('definition').first().waitFor();
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
  });
});
