import type { Page } from 'playwright-core';
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

/**
 * Issue 27 (decision 044): the trainer's workspace. A member's every conversation while a
 * member, removing them, the table's Overdue and averages, the class summary, and renaming and
 * deleting a cohort and an organisation, each confirmed in a dialog, by keyboard, at 1280 px
 * and on a phone.
 */

/** An organisation with one cohort and an invite, made by the page's user over the API. */
async function course(trainer: Page, organisation: string, cohort: string) {
  const orgId: string = (await apiPost(trainer, '/api/organisations', { name: organisation })).id;
  const made = await apiPost(trainer, `/api/organisations/${orgId}/cohorts`, { name: cohort });
  const invite = await apiPost(trainer, `/api/organisations/cohorts/${made.id}/invites`);
  return { orgId, cohortId: made.id as string, code: invite.code as string };
}

describe.skipIf(skipBrowserSuite)("the trainer's workspace", () => {
  const app = useBrowserApp();

  it('opens a member, removes them after a dialog, reads Overdue and the class summary, by keyboard', async () => {
    const trainer = await app.newPage();
    await trainer.setViewportSize({ width: 1280, height: 900 });
    await signUpByApi(trainer, 'Dr Tess Trainer');
    const { cohortId, code } = await course(trainer, 'Smile School', 'Spring 2027');
    const tom = await app.newPage();
    await signUpByApi(tom, 'Tom Trainee');
    const tomId: string = (await apiGet(tom, '/api/auth/me')).user.id;
    const ann = await app.newPage();
    await signUpByApi(ann, 'Ann Apprentice');
    const scenarios: Scenario[] = (await apiGet(trainer, '/api/scenarios')).scenarios;
    const [assigned, free] = scenarios;
    // Practised before joining: never the trainer's to see.
    await gradedConversation(tom, app.baseUrl, free!.id);
    for (const page of [tom, ann]) {
      expect(
        (await page.request.post('/api/organisations/join', { data: { code } })).status(),
      ).toBe(200);
    }
    // Due yesterday: Ann, who has not done it, is overdue.
    const dueAt = new Date(Date.now() - 86_400_000).toISOString();
    await apiPost(trainer, `/api/organisations/cohorts/${cohortId}/assignments`, {
      scenarioId: assigned!.id,
      dueAt,
    });
    const done = await gradedConversation(tom, app.baseUrl, assigned!.id);
    const practice = await gradedConversation(tom, app.baseUrl, free!.id);

    await trainer.goto('/organisations');
    const cohort = trainer.getByRole('region', { name: 'Cohort: Spring 2027' });
    await cohort.getByText('2 members').waitFor();
    const table = cohort.getByRole('table');
    const annRow = table.getByRole('row', { name: /Ann Apprentice/ });
    const tomRow = table.getByRole('row', { name: /Tom Trainee/ });
    await annRow.getByText('Overdue', { exact: true }).waitFor();
    // The average is written as the cells are: out of ten.
    const overall = done.feedback.overallScore;
    expect((await textsOf(tomRow.getByRole('cell')))[1]).toBe(`${overall}/10`);
    expect(await seriousA11yViolations(trainer)).toEqual([]);

    // The class summary, by keyboard from the Results tab.
    const tabs = cohort.getByRole('tablist', { name: 'Cohort views: Spring 2027' });
    await tabs.getByRole('tab', { name: 'Results' }).focus();
    await trainer.keyboard.press('ArrowRight');
    expect(
      await tabs.getByRole('tab', { name: 'Class summary' }).getAttribute('aria-selected'),
    ).toBe('true');
    const summary = cohort.getByRole('tabpanel');
    await summary.getByText('Over 2 graded conversations by 1 trainee', { exact: false }).waitFor();
    const scores = summary.getByRole('region', { name: 'Average scores' });
    const overallRow = scores.getByRole('row', { name: /Overall Score/ });
    const expected = (done.feedback.overallScore + practice.feedback.overallScore) / 2;
    expect(await textsOf(overallRow.getByRole('cell'))).toEqual([
      `${Math.round(expected * 10) / 10}/10`,
    ]);
    await summary.getByRole('heading', { name: 'Informed consent' }).waitFor();
    expect(await seriousA11yViolations(trainer)).toEqual([]);

    // Tom's page, from his name in the table, by keyboard: his two conversations while a member.
    await tabs.getByRole('tab', { name: 'Class summary' }).focus();
    await trainer.keyboard.press('ArrowLeft');
    const tomLink = table.getByRole('link', {
      name: 'Tom Trainee: every conversation while a member',
    });
    await tomLink.focus();
    await trainer.keyboard.press('Enter');
    await waitForPath(trainer, `/organisations/cohorts/${cohortId}/members/${tomId}`);
    await trainer.getByRole('heading', { level: 1, name: "Tom Trainee's conversations" }).waitFor();
    const list = trainer.getByRole('region', { name: 'Conversations' }).getByRole('link');
    await eventually(() => list.count()).toBe(2);
    expect(await list.nth(0).getAttribute('href')).toBe(
      `/organisations/conversations/${practice.conversationId}`,
    );
    expect(await textsOf(list)).toEqual([
      expect.stringContaining('Own practice'),
      expect.stringContaining('Assigned'),
    ]);
    expect(await seriousA11yViolations(trainer)).toEqual([]);

    // Remove: Escape keeps him; the dialog's own button removes him.
    const remove = trainer.getByRole('button', { name: 'Remove from cohort' });
    await remove.focus();
    await trainer.keyboard.press('Enter');
    const dialog = trainer.getByRole('dialog', { name: 'Remove Tom Trainee from this cohort?' });
    await dialog.waitFor();
    expect(await trainer.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    expect(await seriousA11yViolations(trainer)).toEqual([]);
    await trainer.keyboard.press('Escape');
    await eventually(() => dialog.count()).toBe(0);
    expect((await apiGet(trainer, '/api/organisations')).training[0].cohorts[0].members).toBe(2);
    await remove.focus();
    await trainer.keyboard.press('Enter');
    await dialog.waitFor();
    await trainer.keyboard.press('Tab');
    await trainer.keyboard.press('Enter');
    await trainer
      .getByRole('status')
      .filter({ hasText: 'Tom Trainee was removed from this cohort.' })
      .waitFor();
    await eventually(() => remove.count()).toBe(0);
    await trainer.getByText(/^Member from /).waitFor();
    expect(await list.count()).toBe(2);
    expect((await apiGet(tom, '/api/organisations')).memberships).toEqual([]);

    // Back on the organisations page: one member now, one who left, never "0 members".
    await trainer.goto('/organisations');
    await cohort.getByText('1 member, 1 left').waitFor();
  });

  it('renames a cohort and deletes it and its organisation, each in a dialog, by keyboard', async () => {
    const trainer = await app.newPage();
    await trainer.setViewportSize({ width: 1280, height: 900 });
    await signUpByApi(trainer, 'Dr Tess Trainer');
    const { code } = await course(trainer, 'Smile School', 'Spring 2027');
    const tom = await app.newPage();
    await signUpByApi(tom, 'Tom Trainee');
    expect((await tom.request.post('/api/organisations/join', { data: { code } })).status()).toBe(
      200,
    );
    const scenarios: Scenario[] = (await apiGet(tom, '/api/scenarios')).scenarios;
    const done = await gradedConversation(tom, app.baseUrl, scenarios[0]!.id);
    await trainer.goto('/organisations');
    const cohort = trainer.getByRole('region', { name: 'Cohort: Spring 2027' });
    await cohort.getByText('1 member').waitFor();

    // Rename the cohort by keyboard: Enter on Rename, type, Enter.
    await cohort.getByRole('button', { name: 'Rename Spring 2027' }).focus();
    await trainer.keyboard.press('Enter');
    const rename = trainer.getByRole('dialog', { name: 'Rename Spring 2027' });
    await rename.waitFor();
    await trainer.keyboard.press('ControlOrMeta+A');
    await trainer.keyboard.type('Summer 2027');
    await trainer.keyboard.press('Enter');
    const renamed = trainer.getByRole('region', { name: 'Cohort: Summer 2027' });
    await renamed.waitFor();
    await eventually(() => rename.count()).toBe(0);

    // Delete it, confirmed in the dialog; then the organisation.
    await renamed.getByRole('button', { name: 'Delete cohort Summer 2027' }).click();
    const confirmCohort = trainer.getByRole('dialog', { name: 'Delete the cohort Summer 2027?' });
    await confirmCohort.getByText('Trainees keep every conversation', { exact: false }).waitFor();
    await confirmCohort.getByRole('button', { name: 'Delete' }).click();
    await trainer.getByRole('status').filter({ hasText: 'Deleted Summer 2027.' }).waitFor();
    await eventually(() => renamed.count()).toBe(0);
    await trainer.getByRole('button', { name: 'Delete organisation Smile School' }).click();
    const confirmOrg = trainer.getByRole('dialog', {
      name: 'Delete the organisation Smile School?',
    });
    await confirmOrg.getByRole('button', { name: 'Delete' }).press('Enter');
    await trainer.getByRole('status').filter({ hasText: 'Deleted Smile School.' }).waitFor();
    expect((await apiGet(trainer, '/api/organisations')).training).toEqual([]);
    // Tom's conversations are his still.
    expect((await tom.request.get(`/api/conversations/${done.conversationId}`)).status()).toBe(200);
  });

  it('on a phone: the table keeps names in view with a scroll cue; the member page fits', async () => {
    const trainer = await app.newPage();
    await trainer.setViewportSize({ width: 390, height: 844 });
    await signUpByApi(trainer, 'Dr Pia Phone');
    const { cohortId, code } = await course(trainer, 'Pocket School', 'Year 1');
    const trainee = await app.newPage();
    await signUpByApi(trainee, 'Sam Student');
    const user = { id: (await apiGet(trainee, '/api/auth/me')).user.id as string };
    expect(
      (await trainee.request.post('/api/organisations/join', { data: { code } })).status(),
    ).toBe(200);
    const scenarios: Scenario[] = (await apiGet(trainer, '/api/scenarios')).scenarios;
    for (const scenario of scenarios.slice(0, 4)) {
      await apiPost(trainer, `/api/organisations/cohorts/${cohortId}/assignments`, {
        scenarioId: scenario.id,
      });
    }
    await gradedConversation(trainee, app.baseUrl, scenarios[0]!.id);

    await trainer.goto('/organisations');
    const cohort = trainer.getByRole('region', { name: 'Cohort: Year 1' });
    await cohort.getByText('Scroll sideways to see every assignment.').waitFor();
    // The scrolling box inside the section of the same name.
    const region = cohort.getByRole('region', { name: 'Cohort results' }).last();
    const name = region.locator('th[scope="row"]').first();
    expect(await name.evaluate((el) => getComputedStyle(el).position)).toBe('sticky');
    const before = await name.boundingBox();
    await region.evaluate((el) => el.scrollBy({ left: 400 }));
    await eventually(() => region.evaluate((el) => el.scrollLeft)).not.toBe(0);
    // The name column stays where it was while the rest scrolled under it.
    expect((await name.boundingBox())!.x).toBeCloseTo(before!.x, 0);
    await eventually(() =>
      trainer.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    expect(await seriousA11yViolations(trainer)).toEqual([]);

    await trainer.goto(`/organisations/cohorts/${cohortId}/members/${user.id}`);
    await trainer.getByRole('heading', { level: 1, name: "Sam Student's conversations" }).waitFor();
    await eventually(() =>
      trainer.getByRole('region', { name: 'Conversations' }).getByRole('link').count(),
    ).toBe(1);
    expect(
      await trainer.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await trainer.getByRole('button', { name: 'Remove from cohort' }).click();
    await trainer.getByRole('dialog', { name: 'Remove Sam Student from this cohort?' }).waitFor();
    expect(await seriousA11yViolations(trainer)).toEqual([]);
    await trainer.getByRole('button', { name: 'Cancel' }).click();

    // Another organisation's trainer reading the same address gets the not-found sentence.
    const stranger = await app.newPage();
    await signUpByApi(stranger, 'Dr Other');
    await stranger.goto(`/organisations/cohorts/${cohortId}/members/${user.id}`);
    await stranger
      .getByText('That trainee could not be found in this cohort.', { exact: false })
      .waitFor();
  });
});
