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
import { gradedConversation } from './gradedConversation';

const NO_PROGRESS = 'No progress data available yet.';
const NO_PROGRESS_HINT = 'Complete practice conversations to see your progress metrics here.';
const NO_HISTORY =
  'No conversation history found. Complete a practice conversation to see history here.';
const QUERY_ERROR = 'Failed to load progress data. Please try again.';
const UNEXPECTED_ERROR =
  'An error occurred while loading your progress data. Please try again later.';
const DATASETS = 'Overall Score|Empathy|Clarity|Persuasion';
const SUB_SCORES = ['Empathy', 'Clarity', 'Persuasion', 'Objection Handling'];

/** Written here from the spec, not imported, so a wrong client rule cannot agree with itself. */
const shortDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

interface Finished {
  conversationId: string;
  scenario: Scenario;
  overall: number;
}

/**
 * Completes a conversation as the page's user: the session over HTTP, two turns over the
 * conversation socket, then the end call that grades it (the offline grader).
 */
async function completeConversation(
  page: Page,
  baseUrl: string,
  scenario: Scenario,
): Promise<Finished> {
  const { conversationId, feedback } = await gradedConversation(page, baseUrl, scenario.id);
  return { conversationId, scenario, overall: feedback.overallScore };
}

function progressTab(page: Page) {
  return {
    tab: page.getByRole('tab', { name: 'Your Progress' }),
    refresh: page.getByRole('button', { name: 'Refresh Data', exact: true }),
    tile: (name: string) =>
      page.locator('.stat-tile', { has: page.getByText(name, { exact: true }) }).locator('dd'),
    chartHeading: page.getByRole('heading', { name: 'Performance Trend Over Time' }),
  };
}

describe.skipIf(skipBrowserSuite)('progress, history and conversation detail', () => {
  const app = useBrowserApp();

  it('shows a new user both empty states, and loads Chart.js only once the tab opens', async () => {
    const page = await app.newPage();
    await signUpByApi(page);
    const chartRequests: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/ProgressChart-[^/]+\.js$/.test(request.url()))
        chartRequests.push(request.url());
    });

    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Choose a Scenario to Practice' }).waitFor();
    expect(chartRequests).toEqual([]);

    await progressTab(page).tab.click();
    await page.getByText(NO_PROGRESS, { exact: true }).waitFor();
    await page.getByText(NO_PROGRESS_HINT, { exact: true }).waitFor();
    await progressTab(page).refresh.waitFor();
    expect(await page.getByRole('heading', { name: 'Your Progress', level: 2 }).count()).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('tab', { name: 'Conversation History' }).click();
    await page.getByText(NO_HISTORY, { exact: true }).waitFor();

    // 'Start a Practice Scenario' goes back to the scenarios tab.
    await progressTab(page).tab.click();
    await page.getByRole('button', { name: 'Start a Practice Scenario' }).click();
    await page.getByRole('heading', { name: 'Choose a Scenario to Practice' }).waitFor();
    // An empty panel renders no chart, so Chart.js was never needed.
    expect(chartRequests).toEqual([]);
  });

  it('shows tiles, the chart, insights and history after two conversations, and opens the detail and its report', async () => {
    const page = await app.newPage();
    await signUpByApi(page);
    const scenarios: Scenario[] = (await apiGet(page, '/api/scenarios')).scenarios;
    const first = await completeConversation(page, app.baseUrl, scenarios[0]!);
    const second = await completeConversation(page, app.baseUrl, scenarios[1]!);
    const summary = await apiGet(page, '/api/progress');

    await page.goto('/dashboard?tab=progress');
    const ui = progressTab(page);
    await ui.chartHeading.waitFor();
    expect(await ui.tile('Completed Sessions').textContent()).toBe('2');
    const average = (first.overall + second.overall) / 2;
    expect(await ui.tile('Average Score').textContent()).toBe(`${average.toFixed(1)}/10`);
    const rate = Math.max(0, Math.round(((second.overall - first.overall) / first.overall) * 100));
    expect(await ui.tile('Improvement').textContent()).toBe(`+${rate}%`);

    // The chart: a canvas drawing four datasets over the two sessions.
    const chart = page.locator('.chart-box[data-datasets]');
    await chart.locator('canvas').waitFor();
    expect(await chart.getAttribute('data-datasets')).toBe(DATASETS);
    expect(await chart.getAttribute('data-points')).toBe('2');
    expect((await chart.boundingBox())?.height).toBe(300);

    // Insights: the server's list, in order, marked blue, yellow, then green.
    const insights = page.locator('.insights > li');
    expect(await textsOf(insights)).toEqual(summary.insights);
    const markers = await insights.evaluateAll((items) =>
      items.map((li) => getComputedStyle(li, '::before').backgroundColor),
    );
    expect(markers[0]).toBe('rgb(37, 99, 235)');
    expect(markers[1]).toBe('rgb(234, 179, 8)');
    for (const colour of markers.slice(2)) expect(colour).toBe('rgb(22, 163, 74)');

    // The proficiency card explains its weighting.
    const how = page.getByRole('button', { name: 'How skill proficiency is weighted' });
    const explained = await how.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${explained}"]`).textContent()).toContain('recent sessions');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // 'Refresh Data' reads 'Refreshing...' while it reloads.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/progress', async (route) => {
      await held;
      await route.continue();
    });
    await ui.refresh.click();
    await page.getByRole('button', { name: 'Refreshing...' }).waitFor();
    release();
    await ui.refresh.waitFor();
    await page.unroute('**/api/progress');

    // History: newest first, every field of the entry.
    await page.getByRole('tab', { name: 'Conversation History' }).click();
    const entries = page.getByRole('article');
    await eventually(() => entries.count()).toBe(2);
    expect(await textsOf(entries.getByRole('heading', { level: 3 }))).toEqual([
      second.scenario.title,
      first.scenario.title,
    ]);
    const history = await apiGet(page, '/api/history');
    const newest = entries.first();
    const newestText = (await newest.innerText()).replace(/\s+/g, ' ');
    expect(newestText).toContain(`${second.overall}/10`);
    expect(newestText).toContain(shortDate(history.entries[0].createdAt));
    expect(newestText).toMatch(/\d{1,2}:\d{2} (AM|PM)/);
    expect(newestText).toMatch(/Less than a minute|\d+ minutes?/);
    expect(newestText).toContain(
      second.scenario.difficulty.charAt(0).toUpperCase() + second.scenario.difficulty.slice(1),
    );
    expect(await textsOf(newest.getByRole('listitem').locator('.sub-score__label'))).toEqual(
      SUB_SCORES,
    );

    // A click on the entry opens its detail.
    // The click lands low on the card, over the sub-scores: the whole entry is the link.
    const box = await newest.boundingBox();
    await newest.click({ position: { x: 30, y: (box?.height ?? 40) - 12 } });
    await waitForPath(page, `/conversation/${second.conversationId}`);
    await page.getByRole('heading', { name: second.scenario.title, level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Back to Dashboard' }).waitFor();
    const detail = await apiGet(page, `/api/conversations/${second.conversationId}`);
    await page.getByText(second.scenario.description, { exact: true }).waitFor();
    const when = (await page.locator('.conversation-detail__when').textContent()) ?? '';
    expect(when).toContain(longDate(detail.session.createdAt));
    expect(when).toMatch(/ at \d{1,2}:\d{2} (AM|PM)$/);
    const transcript = page.locator('.transcript__list > li');
    expect(await transcript.count()).toBe(detail.messages.length);
    expect(await textsOf(transcript.locator('.bubble__text'))).toEqual(
      detail.messages.map((m: { content: string }) => m.content),
    );
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The badge opens the report; 'Back to Conversation' closes it.
    await page.getByRole('button', { name: `${second.overall}/10 View Feedback` }).click();
    const report = page.getByRole('dialog', { name: 'Conversation Feedback' });
    await report.getByRole('heading', { name: 'Performance Scores' }).waitFor();
    await report.getByRole('button', { name: 'Print', exact: true }).waitFor();
    // Printed, the report stands alone: no top bar, no buttons, the dialog at full length.
    await page.emulateMedia({ media: 'print' });
    expect(await report.getByRole('button', { name: 'Back to Conversation' }).isVisible()).toBe(
      false,
    );
    expect(await report.getByRole('heading', { name: 'Strengths' }).isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });
    await report.getByRole('button', { name: 'Back to Conversation' }).click();
    await eventually(() => report.count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe(`/conversation/${second.conversationId}`);

    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await waitForPath(page, '/dashboard');
  });

  it('says which progress error happened, resets to zeros, and recovers with Try Again', async () => {
    const page = await app.newPage();
    await signUpByApi(page);
    await page.route('**/api/progress', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'internal', message: 'Something went wrong' } }),
      }),
    );
    await page.goto('/dashboard?tab=progress');
    const alert = page.getByRole('alert');
    await eventually(() => alert.textContent()).toContain(QUERY_ERROR);

    await page.unroute('**/api/progress');
    await page.route('**/api/progress', (route) => route.abort('connectionrefused'));
    await alert.getByRole('button', { name: 'Try Again' }).click();
    await eventually(() => alert.textContent()).toContain(UNEXPECTED_ERROR);

    await page.unroute('**/api/progress');
    await alert.getByRole('button', { name: 'Try Again' }).click();
    await page.getByText(NO_PROGRESS, { exact: true }).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
  });

  it("answers another user's or an unknown conversation with 'Conversation not found'", async () => {
    const owner = await app.newPage();
    await signUpByApi(owner);
    const scenarios: Scenario[] = (await apiGet(owner, '/api/scenarios')).scenarios;
    const finished = await completeConversation(owner, app.baseUrl, scenarios[2]!);

    const other = await app.newPage();
    await signUpByApi(other, 'Dr Other');
    for (const id of [finished.conversationId, randomUUID()]) {
      await other.goto(`/conversation/${id}`);
      await other.getByRole('alert').filter({ hasText: 'Conversation not found' }).waitFor();
      await other.getByRole('heading', { name: 'Conversation Detail', level: 1 }).waitFor();
    }
    // And the owner's session appears nowhere in the other user's history.
    await other.goto('/dashboard?tab=history');
    await other.getByText(NO_HISTORY, { exact: true }).waitFor();

    await other.route('**/api/conversations/*', (route) => route.abort('connectionrefused'));
    await other.goto(`/conversation/${finished.conversationId}`);
    await other
      .getByRole('alert')
      .filter({ hasText: 'Could not load conversation details' })
      .waitFor();
  });
});
