import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '#shared/scenario';
import {
  apiGet,
  apiPost,
  eventually,
  seriousA11yViolations,
  signUpByApi,
  skipBrowserSuite,
  textsOf,
  useBrowserApp,
  waitForPath,
} from './browser';
import { gradedConversation } from './gradedConversation';

/** Written here from the spec, not imported, so a wrong client rule cannot agree with itself. */
const shortDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** A graded conversation of the page's user, with its overall score. */
async function practise(page: Page, baseUrl: string, scenarioId: string) {
  const { conversationId, feedback } = await gradedConversation(page, baseUrl, scenarioId);
  return { conversationId, overall: feedback.overallScore };
}

/** An organisation with one cohort and an invite, made by the page's user over the API. */
async function course(trainer: Page, organisation: string, cohort: string) {
  const orgId: string = (await apiPost(trainer, '/api/organisations', { name: organisation })).id;
  const made = await apiPost(trainer, `/api/organisations/${orgId}/cohorts`, { name: cohort });
  const invite = await apiPost(trainer, `/api/organisations/cohorts/${made.id}/invites`);
  return { orgId, cohortId: made.id as string, code: invite.code as string };
}

async function join(page: Page, code: string): Promise<number> {
  return (await page.request.post('/api/organisations/join', { data: { code } })).status();
}

const field = (scope: Page | Locator, label: string) => scope.getByLabel(label, { exact: true });

/** The names in the cohort table, top to bottom. */
async function traineeOrder(table: Locator): Promise<string[]> {
  const names = await textsOf(table.locator('tbody th[scope="row"]'));
  return names.map((n) => n.replace(/\s*\S+@\S+$/, ''));
}

describe.skipIf(skipBrowserSuite)('the organisations page', () => {
  const app = useBrowserApp();

  it('lets a trainer make an organisation, a cohort and invites, assign a scenario, and read, sort and export the cohort table', async () => {
    const trainer = await app.newPage();
    await trainer.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await signUpByApi(trainer, 'Dr Tess Trainer');
    await trainer.goto('/dashboard');
    await trainer
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Organisations' })
      .click();
    await waitForPath(trainer, '/organisations');
    await trainer.getByText('You do not run an organisation yet.', { exact: false }).waitFor();
    await trainer.getByText('You are not in any cohort.', { exact: false }).waitFor();
    expect(
      await trainer.getByRole('link', { name: 'Organisations' }).getAttribute('aria-current'),
    ).toBe('page');
    expect(await seriousA11yViolations(trainer)).toEqual([]);

    // An organisation, then a cohort in it.
    await field(trainer, 'Organisation name').fill('Smile School');
    await trainer.getByRole('button', { name: 'Create organisation' }).click();
    await trainer.getByRole('heading', { name: 'Smile School' }).waitFor();
    await trainer.getByText('No cohorts yet.', { exact: false }).waitFor();
    await field(trainer, 'Cohort name').fill('Spring 2027');
    await trainer.getByRole('button', { name: 'Create cohort' }).click();
    const cohort = trainer.getByRole('region', { name: 'Cohort: Spring 2027' });
    await cohort.waitFor();
    await cohort.getByText('0 members').waitFor();
    await cohort.getByText('No invites yet.').waitFor();
    await cohort.getByText('No trainees have joined this cohort yet.', { exact: false }).waitFor();

    // An invite: its link and code, copied with a visible confirmation.
    expect(await field(cohort, 'Days the invite stays valid').inputValue()).toBe('7');
    await cohort.getByRole('button', { name: 'Create invite' }).click();
    const links = cohort.getByLabel('Invite link', { exact: true });
    await eventually(() => links.count()).toBe(1);
    const firstLink = await links.first().inputValue();
    expect(firstLink).toMatch(new RegExp(`^${app.baseUrl}/join/[A-Z0-9]{10}$`));
    const firstCode = firstLink.split('/').pop()!;
    const invites: Array<{ code: string; expiresAt: string }> = (
      await apiGet(trainer, '/api/organisations')
    ).training[0].cohorts[0].invites;
    expect(invites.map((i) => i.code)).toEqual([firstCode]);
    const days = (Date.parse(invites[0]!.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    await cohort
      .getByText(`Expires ${shortDate(invites[0]!.expiresAt)}`, { exact: false })
      .waitFor();
    await cohort.locator('code', { hasText: firstCode }).waitFor();
    await cohort.getByRole('button', { name: 'Copy link' }).click();
    await cohort.getByRole('status').filter({ hasText: 'Copied' }).waitFor();
    expect(await trainer.evaluate(() => navigator.clipboard.readText())).toBe(firstLink);

    // A second invite for 3 days; the first is revoked and says so, and no longer lets anyone in.
    await field(cohort, 'Days the invite stays valid').fill('0');
    await cohort.getByRole('button', { name: 'Create invite' }).click();
    await cohort.getByText('Enter a whole number of days from 1 to 90.').waitFor();
    await field(cohort, 'Days the invite stays valid').fill('3');
    await cohort.getByRole('button', { name: 'Create invite' }).click();
    await eventually(() => links.count()).toBe(2);
    await cohort.getByRole('button', { name: `Revoke ${firstCode}` }).click();
    const revoked = cohort.locator('.org-invite', { hasText: firstCode });
    await revoked.getByText('Revoked', { exact: true }).waitFor();
    expect(await revoked.getByRole('button').count()).toBe(0);
    expect(await cohort.getByRole('button', { name: 'Copy link' }).count()).toBe(1);
    const secondCode = (await apiGet(trainer, '/api/organisations')).training[0].cohorts[0].invites
      .map((i: { code: string }) => i.code)
      .find((c: string) => c !== firstCode);

    // Two trainees: the revoked code is not found, the live one lets them in.
    const tom = await app.newPage();
    await signUpByApi(tom, 'Tom Trainee');
    const ann = await app.newPage();
    await signUpByApi(ann, 'ann Apprentice');
    expect(await join(tom, firstCode)).toBe(404);
    expect(await join(tom, secondCode)).toBe(200);
    expect(await join(ann, secondCode.toLowerCase())).toBe(200);

    // Assign a scenario with a due date.
    const scenario: Scenario = (await apiGet(trainer, '/api/scenarios')).scenarios[0];
    await cohort.getByRole('button', { name: 'Assign', exact: true }).click();
    await cohort.getByText('Choose a scenario to assign.').waitFor();
    await field(cohort, 'Scenario').selectOption(scenario.id);
    await field(cohort, 'Due date (optional)').fill('2030-01-15');
    await cohort.getByRole('button', { name: 'Assign', exact: true }).click();
    await cohort.getByText('Assigned.').waitFor();
    const table = cohort.getByRole('table');
    await table.getByRole('columnheader', { name: `${scenario.title} Due Jan 15, 2030` }).waitFor();
    const assigned = (await apiGet(tom, '/api/organisations/assignments')).assignments;
    expect(assigned.map((a: { scenarioId: string }) => a.scenarioId)).toEqual([scenario.id]);
    expect(new Date(assigned[0].dueAt).getDate()).toBe(15);

    // Tom practises it; the table shows his score and date, linked to the review page.
    const done = await practise(tom, app.baseUrl, scenario.id);
    await trainer.reload();
    await cohort.getByText('2 members').waitFor();
    await eventually(() => traineeOrder(table)).toEqual(['ann Apprentice', 'Tom Trainee']);
    const tomRow = table.getByRole('row', { name: /Tom Trainee/ });
    const annRow = table.getByRole('row', { name: /ann Apprentice/ });
    await annRow.getByText('Not done').waitFor();
    expect(await textsOf(annRow.getByRole('cell').first())).toEqual(['0/1']);
    expect(await textsOf(tomRow.getByRole('cell').first())).toEqual(['1/1']);
    const cell = tomRow.getByRole('link', { name: /^Open Tom Trainee's conversation/ });
    const today = shortDate(new Date().toISOString());
    expect(await cell.innerText()).toBe(`${done.overall}/10\n${today}`);
    expect(await cell.getAttribute('href')).toBe(
      `/organisations/conversations/${done.conversationId}`,
    );
    expect(await tomRow.getByRole('img').getAttribute('aria-label')).toBe(`Trend: ${done.overall}`);
    await annRow.getByText('No scores yet').waitFor();

    // Sorting by the header buttons, from the keyboard; aria-sort follows.
    const header = (name: string) =>
      table.getByRole('columnheader', { name: new RegExp(`^${name}`) });
    expect(await header('Trainee').getAttribute('aria-sort')).toBe('ascending');
    await header('Done').getByRole('button').focus();
    await trainer.keyboard.press('Enter');
    await eventually(() => traineeOrder(table)).toEqual(['Tom Trainee', 'ann Apprentice']);
    expect(await header('Done').getAttribute('aria-sort')).toBe('descending');
    expect(await header('Trainee').getAttribute('aria-sort')).toBe(null);
    await header('Trainee').getByRole('button').press('Space');
    await eventually(() => traineeOrder(table)).toEqual(['ann Apprentice', 'Tom Trainee']);
    await header('Average').getByRole('button').click();
    await eventually(() => traineeOrder(table)).toEqual(['Tom Trainee', 'ann Apprentice']);

    // The CSV downloads, sorted as the table is.
    const exportLink = cohort.getByRole('link', { name: 'Export CSV' });
    expect(await exportLink.getAttribute('href')).toMatch(/\/export\?sort=average$/);
    const download = trainer.waitForEvent('download');
    await exportLink.click();
    const csv = readFileSync((await (await download).path())!, 'utf8').split('\r\n');
    expect(csv[0]).toBe(
      `Trainee,Email,Left,Done,Average,${scenario.title}: status,${scenario.title}: score,${scenario.title}: date`,
    );
    expect(csv[1]).toMatch(
      new RegExp(`^Tom Trainee,[^,]+,,1,${done.overall},Done,${done.overall},`),
    );
    expect(csv[2]).toMatch(/^ann Apprentice,[^,]+,,0,,Not done,,$/);

    // A trainer's override is marked as theirs in the cell.
    const override = await trainer.request.post(
      `/api/organisations/conversations/${done.conversationId}/override`,
      { data: { score: done.overall === 9 ? 8 : 9, comment: 'Good open questions.' } },
    );
    expect(override.status()).toBe(200);
    await trainer.reload();
    await eventually(() => cell.getAttribute('aria-label')).toMatch(/\(trainer's score\)/);
    await cohort.getByText("* trainer's score").waitFor();
    expect(await seriousA11yViolations(trainer)).toEqual([]);

    // At phone width nothing but the table itself scrolls sideways.
    await trainer.setViewportSize({ width: 375, height: 800 });
    await eventually(() =>
      trainer.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
  });

  it('shows a trainee their cohorts, and leaves an organisation after confirming', async () => {
    const trainer = await app.newPage();
    await signUpByApi(trainer, 'Dr Lee Lead');
    const org = await trainer.request.post('/api/organisations', { data: { name: 'Molar Group' } });
    const orgId: string = (await org.json()).id;
    const cohort = await trainer.request.post(`/api/organisations/${orgId}/cohorts`, {
      data: { name: 'Front desk' },
    });
    const cohortId: string = (await cohort.json()).id;
    const invite = await trainer.request.post(`/api/organisations/cohorts/${cohortId}/invites`, {
      data: {},
    });
    const code: string = (await invite.json()).code;

    const trainee = await app.newPage({ viewport: { width: 375, height: 800 } });
    await signUpByApi(trainee, 'Pat Practice');
    expect(await join(trainee, code)).toBe(200);
    await trainee.goto('/organisations');
    const mine = trainee.getByRole('region', { name: 'Your cohorts' });
    await mine.getByRole('heading', { name: 'Organisation: Molar Group' }).waitFor();
    expect(await textsOf(mine.getByRole('row'))).toEqual([
      'Cohort Joined',
      `Front desk ${shortDate(new Date().toISOString())}`,
    ]);
    expect(await seriousA11yViolations(trainee)).toEqual([]);

    // Cancelling the confirmation changes nothing; confirming it leaves.
    const leave = mine.getByRole('button', { name: 'Leave organisation Molar Group' });
    await leave.click();
    const ask = trainee.getByRole('dialog', { name: 'Leave Molar Group?' });
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await eventually(() => ask.count()).toBe(0);
    expect((await apiGet(trainee, '/api/organisations')).memberships).toHaveLength(1);
    await leave.click();
    expect(await seriousA11yViolations(trainee)).toEqual([]);
    await ask.getByRole('button', { name: 'Leave' }).click();
    await mine.getByText('You are not in any cohort.', { exact: false }).waitFor();
    expect((await apiGet(trainee, '/api/organisations')).memberships).toEqual([]);

    // Their trainer still sees them in the cohort table, marked with the day they left.
    await trainer.goto('/organisations');
    const row = trainer.getByRole('row', { name: /Pat Practice/ });
    await row.getByText(`Left ${shortDate(new Date().toISOString())}`).waitFor();
  });

  it('removes an assignment after confirming; the trainee keeps the conversation', async () => {
    const trainer = await app.newPage();
    await signUpByApi(trainer, 'Dr Rae Remover');
    const { cohortId, code } = await course(trainer, 'Root Canal', 'B');
    const [first, second]: Scenario[] = (await apiGet(trainer, '/api/scenarios')).scenarios;
    for (const scenario of [first!, second!]) {
      const assigned = await trainer.request.post(
        `/api/organisations/cohorts/${cohortId}/assignments`,
        { data: { scenarioId: scenario.id } },
      );
      expect(assigned.status()).toBe(201);
    }
    const kim = await app.newPage();
    await signUpByApi(kim, 'Kim Keeper');
    expect(await join(kim, code)).toBe(200);
    const done = await practise(kim, app.baseUrl, first!.id);

    await trainer.goto('/organisations');
    const cohort = trainer.getByRole('region', { name: 'Cohort: B' });
    const list = cohort.getByRole('list', { name: 'Assigned scenarios' });
    await eventually(() => textsOf(list.locator('.org-assignment__title'))).toEqual([
      first!.title,
      second!.title,
    ]);
    const table = cohort.getByRole('table');
    await table.getByRole('columnheader', { name: first!.title }).waitFor();
    expect(await seriousA11yViolations(trainer)).toEqual([]);

    // Cancelling (Escape) changes nothing; confirming removes the one assignment.
    const remove = cohort.getByRole('button', { name: `Remove assignment ${first!.title}` });
    await remove.click();
    const ask = trainer.getByRole('dialog', { name: `Remove ${first!.title} from this cohort?` });
    await ask.waitFor();
    await trainer.keyboard.press('Escape');
    await eventually(() => ask.count()).toBe(0);
    expect((await apiGet(kim, '/api/organisations/assignments')).assignments).toHaveLength(2);
    await remove.click();
    await ask.getByRole('button', { name: 'Remove', exact: true }).click();
    await cohort
      .getByRole('status')
      .filter({ hasText: `Removed ${first!.title}.` })
      .waitFor();
    await eventually(() => textsOf(list.locator('.org-assignment__title'))).toEqual([
      second!.title,
    ]);
    expect(await table.getByRole('columnheader', { name: first!.title }).count()).toBe(0);
    await table.getByRole('columnheader', { name: second!.title }).waitFor();
    expect(await remove.count()).toBe(0);
    expect(
      (await apiGet(kim, '/api/organisations/assignments')).assignments.map(
        (a: { scenarioId: string }) => a.scenarioId,
      ),
    ).toEqual([second!.id]);
    // The conversation stays the trainee's.
    expect((await apiGet(kim, `/api/conversations/${done.conversationId}`)).session.id).toBe(
      done.conversationId,
    );
    expect(await seriousA11yViolations(trainer)).toEqual([]);
  });

  /** The trainer's review page and the trainee's side of a review, on the real routes. */
  it('lets a trainer review a member’s conversation read only, override its score and comment on a turn; the trainee sees both scores and the comment', async () => {
    const trainer = await app.newPage();
    const tess = await signUpByApi(trainer, 'Dr Tess Trainer');
    const { cohortId, code } = await course(trainer, 'Smile School', 'A');
    const scenario: Scenario = (await apiGet(trainer, '/api/scenarios')).scenarios[0];
    const assigned = await trainer.request.post(
      `/api/organisations/cohorts/${cohortId}/assignments`,
      {
        data: { scenarioId: scenario.id },
      },
    );
    expect(assigned.status()).toBe(201);

    const tom = await app.newPage();
    const tomUser = await signUpByApi(tom, 'Tom Trainee');
    expect(await join(tom, code)).toBe(200);
    const done = await practise(tom, app.baseUrl, scenario.id);
    const own = await apiGet(tom, `/api/conversations/${done.conversationId}`);

    // Before any review the trainee's detail looks as it always did.
    await tom.goto(`/conversation/${done.conversationId}`);
    await tom.locator('.transcript__list > li').first().waitFor();
    expect(await tom.getByRole('region', { name: 'Scores' }).count()).toBe(0);
    expect(await tom.getByRole('list', { name: /Trainer's comments/ }).count()).toBe(0);

    // From the cohort table to the review page.
    await trainer.goto('/organisations');
    await trainer.getByRole('link', { name: /^Open Tom Trainee's conversation/ }).click();
    await waitForPath(trainer, `/organisations/conversations/${done.conversationId}`);
    await trainer.getByRole('heading', { level: 1, name: scenario.title }).waitFor();
    await trainer.getByText(`Trainee: Tom Trainee (${tomUser.email})`).waitFor();
    const transcript = trainer.getByRole('region', { name: 'Transcript' });
    const turns = transcript.locator('.transcript__list > li');
    expect(await turns.count()).toBe(own.messages.length);
    // Read only: nothing to type into, no branches, no recordings.
    expect(await transcript.getByRole('textbox').count()).toBe(0);
    expect(await trainer.getByRole('textbox', { name: /message to the patient/ }).count()).toBe(0);
    expect(await trainer.getByRole('button', { name: /another answer/i }).count()).toBe(0);
    expect(await trainer.getByRole('button', { name: /play/i }).count()).toBe(0);
    expect(await trainer.getByText("Trainer's score").count()).toBe(0);
    expect(await seriousA11yViolations(trainer)).toEqual([]);

    // Override: the comment is required; then both scores show, each labelled.
    const newScore = done.overall === 9 ? 8 : 9;
    const form = trainer.getByRole('region', { name: 'Override score' });
    await field(form, 'Overall score (1 to 10)').selectOption(String(newScore));
    await form.getByRole('button', { name: 'Save score' }).click();
    await form.getByText('A comment is required', { exact: false }).waitFor();
    await field(form, 'Comment').fill('Good open questions; the summary was missing.');
    await form.getByRole('button', { name: 'Save score' }).click();
    await form.getByText('Saved.').waitFor();
    await form.getByText(`Current override: ${newScore}/10`).waitFor();
    const scores = trainer.getByRole('region', { name: 'Scores' });
    expect(await textsOf(scores.locator('.review-scores__score'))).toEqual([
      `AI score ${done.overall}/10`,
      `Trainer's score ${newScore}/10`,
    ]);
    await scores.getByText('Good open questions; the summary was missing.').waitFor();
    await scores.getByText(`by ${tess.fullName}`, { exact: false }).waitFor();

    // A comment on the clinician's first line (turn 1; the patient opened) shows under it.
    const second = turns.nth(1);
    await second.getByRole('button', { name: 'Add comment' }).click();
    await field(second, 'Comment on turn 1').fill('A lovely open question.');
    await second.getByRole('button', { name: 'Post comment' }).click();
    const notes = second.getByRole('list', { name: "Trainer's comments on turn 1" });
    await eventually(() => textsOf(notes.locator('.review-note__text'))).toEqual([
      'A lovely open question.',
    ]);
    await notes.getByText(`Comment from ${tess.fullName}`).waitFor();
    expect(await transcript.getByRole('list', { name: /Trainer's comments/ }).count()).toBe(1);
    // Both were stored: a reload shows them from the server.
    await trainer.reload();
    await eventually(() => textsOf(notes.locator('.review-note__text'))).toEqual([
      'A lovely open question.',
    ]);
    await form.getByText(`Current override: ${newScore}/10`).waitFor();
    expect(await seriousA11yViolations(trainer)).toEqual([]);

    // The trainee sees both scores, each labelled, and the comment under its turn.
    await tom.reload();
    const tomScores = tom.getByRole('region', { name: 'Scores' });
    await tomScores.waitFor();
    expect(await textsOf(tomScores.locator('.review-scores__score'))).toEqual([
      `AI score ${done.overall}/10`,
      `Trainer's score ${newScore}/10`,
    ]);
    const tomSecond = tom.locator('.transcript__list > li').nth(1);
    expect(
      await textsOf(
        tomSecond
          .getByRole('list', { name: "Trainer's comments on turn 1" })
          .locator('.review-note__text'),
      ),
    ).toEqual(['A lovely open question.']);
    await tom.getByRole('button', { name: /View Feedback/ }).click();
    const report = tom.getByRole('dialog');
    await report.locator('.review-scores').waitFor();
    expect(await textsOf(report.locator('.review-scores__score'))).toEqual([
      `AI score ${done.overall}/10`,
      `Trainer's score ${newScore}/10`,
    ]);
    expect(await seriousA11yViolations(tom)).toEqual([]);

    // The trainee cannot open the trainer's page of their own conversation: it is not found.
    await tom.goto(`/organisations/conversations/${done.conversationId}`);
    await tom.getByRole('alert').getByText('Conversation not found').waitFor();
    expect(await tom.getByRole('region', { name: 'Override score' }).count()).toBe(0);
  });
});
