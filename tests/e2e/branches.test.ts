import type { Page, Response } from 'playwright-core';
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

/**
 * "Try another answer here" in Chromium: a branch from turn 2 of a graded
 * conversation, continued and ended, whose report compares its scores with the original's;
 * history shows it under its original. And from the live chat, the screen switches to the branch.
 */

/** The report's score rows, written here rather than imported. */
const SKILLS: Array<[label: string, key: string]> = [
  ['Overall Performance', 'overallScore'],
  ['Empathy & Rapport', 'empathyScore'],
  ['Clarity & Communication', 'clarityScore'],
  ['Persuasion & Value Proposition', 'persuasionScore'],
  ['Objection Handling', 'objectionHandlingScore'],
];

/** A first try that tells rather than asks. */
const FIRST_TRY = [
  'Hello. You need this treatment.',
  'It is a periapical issue, so we should just book it in.',
  'There is really nothing else to discuss, so shall we book it?',
];

/** Opens a conversation over HTTP, says each text over the socket and grades it. */
function gradedFirstTry(page: Page, baseUrl: string, scenario: Scenario) {
  return gradedConversation(page, baseUrl, scenario.id, FIRST_TRY);
}

/** The chat screen, found by roles and names. */
function chat(page: Page) {
  const messages = page.getByRole('region', { name: 'Conversation messages' });
  const items = messages.getByRole('listitem');
  return {
    messages,
    items,
    patientItems: items.filter({ hasText: 'Patient said:' }),
    userItems: items.filter({ hasText: 'You said:' }),
    composer: page.getByRole('textbox', { name: 'Your message to the patient' }),
    endButton: page.getByRole('button', { name: 'End conversation & get feedback' }),
  };
}

/** Types a turn and waits until the patient's reply is in. */
async function say(page: Page, text: string) {
  const ui = chat(page);
  const patientBefore = await ui.patientItems.count();
  await ui.composer.fill(text);
  await ui.composer.press('Enter');
  await eventually(() => ui.patientItems.count()).toBe(patientBefore + 1);
  await eventually(() => page.getByText('Patient is replying…').count()).toBe(0);
}

const shownMessages = (page: Page) => textsOf(chat(page).items.locator('.bubble__text'));

const isConversationOpen = (response: Response) =>
  response.request().method() === 'POST' &&
  new URL(response.url()).pathname === '/api/conversations';

const isBranchMade = (response: Response) =>
  response.request().method() === 'POST' &&
  /^\/api\/conversations\/[^/]+\/branches$/.test(new URL(response.url()).pathname);

describe.skipIf(skipBrowserSuite)('try another answer (branches) in the browser', () => {
  const app = useBrowserApp();

  it('branches from turn 2 of a graded conversation, continues, ends and compares the scores', async () => {
    const page = await app.newPage();
    await signUpByApi(page);
    const scenario: Scenario = (await apiGet(page, '/api/scenarios')).scenarios[1];
    const original = await gradedFirstTry(page, app.baseUrl, scenario);
    const originalMessages = (await apiGet(page, `/api/conversations/${original.conversationId}`))
      .messages as Array<{ content: string }>;

    // The saved transcript: one button per clinician turn, each named for its turn.
    await page.goto(`/conversation/${original.conversationId}`);
    await page.getByRole('heading', { name: scenario.title, level: 1 }).waitFor();
    const buttons = page.getByRole('button', { name: /^Try another answer here/ });
    await eventually(() => buttons.count()).toBe(FIRST_TRY.length);
    expect(
      await buttons.evaluateAll((all) => all.map((b) => b.getAttribute('aria-label'))),
    ).toEqual(FIRST_TRY.map((_, i) => `Try another answer here (your turn ${i + 1})`));
    expect(await seriousA11yViolations(page)).toEqual([]);

    const made = page.waitForResponse(isBranchMade);
    const opened = page.waitForResponse(isConversationOpen);
    await page.getByRole('button', { name: 'Try another answer here (your turn 2)' }).click();
    const branchId: string = (await (await made).json()).session.id;
    expect(branchId).not.toBe(original.conversationId);
    await waitForPath(page, `/scenario/${scenario.id}`);
    // The practice screen opened the branch, not a fresh conversation.
    expect((await (await opened).json()).session.id).toBe(branchId);

    await page
      .getByRole('note')
      .filter({ hasText: 'You are trying another answer' })
      .getByRole('link', { name: 'the original conversation' })
      .waitFor();
    // It carries the transcript up to just before turn 2: opening line, turn 1, its reply.
    await eventually(() => shownMessages(page)).toEqual(
      originalMessages.slice(0, 3).map((m) => m.content),
    );

    // Another answer at turn 2, then carry on and end.
    await say(page, 'That sounds really worrying. What concerns you most about it?');
    await say(page, 'That makes sense. Would it help if we went through your options together?');
    await chat(page).endButton.click();
    const report = page.getByRole('dialog', { name: 'Conversation Feedback' });
    await report.getByRole('heading', { name: 'Compared with the original' }).waitFor();
    const branchFeedback = (await apiGet(page, `/api/conversations/${branchId}`)).feedback;

    const table = report.getByRole('table');
    expect(await textsOf(table.getByRole('columnheader'))).toEqual([
      'Skill',
      'Original',
      'This answer',
      'Change',
    ]);
    const rows = table.getByRole('row').filter({ has: page.getByRole('rowheader') });
    expect(await textsOf(rows.getByRole('rowheader'))).toEqual(SKILLS.map(([label]) => label));
    for (const [index, [label, key]] of SKILLS.entries()) {
      const cells = await textsOf(rows.nth(index).getByRole('cell'));
      const before = original.feedback[key as keyof typeof original.feedback] as number;
      const after = branchFeedback[key] as number;
      const change = after - before;
      expect(cells.slice(0, 2), label).toEqual([`${before}/10`, `${after}/10`]);
      expect(cells[2], label).toMatch(
        change === 0 ? /^0 \(no change\)$/ : change > 0 ? /^\+\d/ : /^\u2212\d/,
      );
    }
    expect(await seriousA11yViolations(page)).toEqual([]);

    // History: the branch sits under its original, marked as another answer.
    await page.goto('/dashboard?tab=history');
    const branches = page.getByRole('list', {
      name: 'Other answers tried from this conversation (1)',
    });
    await branches.waitFor();
    const nested = branches.getByRole('article');
    expect(await nested.count()).toBe(1);
    expect(await nested.innerText()).toContain('Another answer');
    expect(await nested.getByRole('link').getAttribute('href')).toBe(`/conversation/${branchId}`);
    // One top-level entry (the original), holding the branch.
    const topLevel = page.locator('.history-list > li > article');
    expect(await topLevel.count()).toBe(1);
    expect(await topLevel.getByRole('link').getAttribute('href')).toBe(
      `/conversation/${original.conversationId}`,
    );
    expect((await apiGet(page, '/api/progress')).completedConversations).toBe(2);

    // The branch's saved page links back and shows the same comparison behind its badge.
    await nested.getByRole('link').click();
    await waitForPath(page, `/conversation/${branchId}`);
    await page.getByText('Another answer to').waitFor();
    await page
      .getByRole('button', { name: `${branchFeedback.overallScore}/10 View Feedback` })
      .click();
    await report.getByRole('table').waitFor();
    await report.getByRole('link', { name: 'Open the original conversation' }).click();
    await waitForPath(page, `/conversation/${original.conversationId}`);
  });

  it('from the live chat, switches the screen to the branch and leaves the original open', async () => {
    const page = await app.newPage();
    await signUpByApi(page);
    const scenario: Scenario = (await apiGet(page, '/api/scenarios')).scenarios[0];
    const opened = page.waitForResponse(isConversationOpen);
    await page.goto(`/scenario/${scenario.id}`);
    const originalId: string = (await (await opened).json()).session.id;
    await chat(page).messages.waitFor();
    await say(page, 'Hello, what brings you in today?');
    await say(page, 'You should really book the treatment now.');
    const before = await shownMessages(page);
    expect(before).toHaveLength(5);

    const made = page.waitForResponse(isBranchMade);
    await chat(page)
      .messages.getByRole('button', { name: 'Try another answer here (your turn 2)' })
      .click();
    const branchId: string = (await (await made).json()).session.id;
    await eventually(() => shownMessages(page)).toEqual(before.slice(0, 3));
    await say(page, 'How are you feeling about the treatment so far?');
    const branch = await apiGet(page, `/api/conversations/${branchId}`);
    expect(branch.messages.map((m: { content: string }) => m.content).slice(0, 4)).toEqual([
      ...before.slice(0, 3),
      'How are you feeling about the treatment so far?',
    ]);
    // The original is intact and still open.
    const original = await apiGet(page, `/api/conversations/${originalId}`);
    expect(original.session.endedAt).toBeNull();
    expect(original.messages.map((m: { content: string }) => m.content)).toEqual(before);

    // A reload opens the branch again.
    const resumed = page.waitForResponse(isConversationOpen);
    await page.reload();
    expect((await (await resumed).json()).session.id).toBe(branchId);
    await eventually(() => shownMessages(page)).toEqual(
      branch.messages.map((m: { content: string }) => m.content),
    );
  });
});
