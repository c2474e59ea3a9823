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
} from './browser';

/**
 * The debrief after a short offline conversation: a push, then the acknowledgement and open
 * question that bring out one of the patient's two hidden concerns.
 */

const SCENARIO_TITLE = 'Crown After a Cracked Molar';
const LINES = [
  "You need to book today, or you'll lose the tooth.",
  'That sounds worrying. What has your experience with dentists been like before?',
];

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

describe.skipIf(skipBrowserSuite)('the debrief in the browser (offline engine)', () => {
  const app = useBrowserApp();

  it('shows notes on turns, the state chart, uncovered and missed concerns and the consent checklist, in the report and on the detail page', async () => {
    const page = await app.newPage();
    await signUpByApi(page);
    const scenarios: Scenario[] = (await apiGet(page, '/api/scenarios')).scenarios;
    const scenario = scenarios.find((s) => s.title === SCENARIO_TITLE)!;
    const created = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/conversations',
    );
    await page.goto(`/scenario/${scenario.id}`);
    const conversationId: string = (await (await created).json()).session.id;
    for (const line of LINES) await say(page, line);

    // While the conversation is open, nothing of the debrief is in the page or the API.
    expect((await apiGet(page, `/api/conversations/${conversationId}`)).debrief).toBeNull();

    await page.getByRole('button', { name: 'End conversation & get feedback' }).click();
    const report = page.getByRole('dialog', { name: 'Conversation Feedback' });
    await report.waitFor({ timeout: 20_000 });
    // The spec's report is still there, with the debrief after it.
    await report.getByRole('heading', { name: 'Performance Scores' }).waitFor();
    await report.getByRole('heading', { name: 'Debrief', exact: true }).waitFor();

    // Notes on the clinician's turns, each tied to the words it is about.
    const turn1 = report.getByRole('list', { name: 'Notes on turn 1' });
    expect(await textsOf(turn1.getByRole('listitem'))).toContainEqual(
      expect.stringContaining(`pressure on ${LINES[0]}`),
    );
    const turn2 = await textsOf(
      report.getByRole('list', { name: 'Notes on turn 2' }).getByRole('listitem'),
    );
    expect(turn2.some((t) => t.includes('open question'))).toBe(true);
    expect(turn2.some((t) => t.includes('acknowledged the feeling'))).toBe(true);
    // The patient's reactions and what she was thinking.
    const reactions = await textsOf(
      report.getByRole('list', { name: "Patient's reaction in turn 2" }).getByRole('listitem'),
    );
    expect(reactions.some((r) => r.startsWith('revealed:'))).toBe(true);
    expect(
      await textsOf(
        report.getByRole('list', { name: "Patient's reaction in turn 1" }).getByRole('listitem'),
      ),
    ).toContain('trust ↓');
    expect(await report.getByText('What the patient was thinking:').count()).toBe(3);

    // The chart of trust, anxiety and readiness, with a text alternative.
    const chart = report.getByRole('img', { name: /^Line chart over 3 patient lines/ });
    await chart.waitFor();
    expect(await report.getByText('estimated by the AI grader').count()).toBe(0);

    // One hidden concern uncovered at turn 2, the other missed, each with what opens it.
    const concerns = await textsOf(report.locator('.debrief-concern'));
    expect(concerns).toHaveLength(2);
    expect(concerns[0]).toMatch(/^Uncovered at turn 2 .*What opens it:/);
    expect(concerns[1]).toMatch(/^Missed .*What opens it:/);

    // The consent checklist, apart from the scores, with the push flagged.
    await report.getByRole('heading', { name: 'Informed consent' }).waitFor();
    const items = await textsOf(report.locator('.consent__item'));
    expect(items.map((i) => i.split(/ (Met|Partly met|Not met)\b/)[0])).toEqual([
      'Options offered, including doing nothing',
      'Risks and benefits named',
      'Cost made clear',
      'Understanding checked',
      "The patient's decision respected",
    ]);
    expect(items[4]).toContain('Not met');
    // The pushy line is shown as what went against the item, never like support for it.
    expect(items[4]).toContain('What went against it:');
    expect(await textsOf(report.locator('.consent__flag'))).toEqual([
      `Pressure, turn 1: ${LINES[0]}`,
    ]);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The detail page, on a phone: notes under the transcript's turns, then the overview.
    const phone = await app.newPage({ viewport: { width: 390, height: 844 } });
    await phone.context().addCookies(await page.context().cookies());
    await phone.goto(`/conversation/${conversationId}`);
    const transcript = phone.locator('.transcript__list > li');
    await eventually(() => transcript.count()).toBe(5);
    await phone.getByRole('list', { name: 'Notes on turn 1' }).waitFor();
    await phone.getByRole('list', { name: "Patient's reaction in turn 2" }).waitFor();
    await phone.getByRole('img', { name: /^Line chart over 3 patient lines/ }).waitFor();
    await phone.getByText('Uncovered at turn 2').waitFor();
    await phone.getByRole('heading', { name: 'Informed consent' }).waitFor();
    const overflow = await phone.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousA11yViolations(phone)).toEqual([]);
  });
});
