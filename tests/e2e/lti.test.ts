import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { freePort } from '../helpers/freePort';
import { LTI_ROLE } from '#server/lti/claims';
import { ASSIGNMENT_CUSTOM } from '#server/lti/launchFlow';
import { LTI_TEXT, ORGANISATIONS_PAGE_TEXT as T } from '#shared/text';
import { startLtiPlatform, type LtiPlatform } from '../fixtures/ltiPlatform';
import {
  apiGet,
  apiPost,
  eventually,
  pathOf,
  seriousA11yViolations,
  signUpByApi,
  skipBrowserSuite,
  useBrowserApp,
} from './browser';

/**
 * An LMS in the browser (decision 051): a trainer registers the test platform on the
 * organisations page by keyboard at phone width, copying ChairTalk's URLs from it; the
 * instructor's launch links the trainer; a learner's launch from the platform, on another
 * site (localhost against 127.0.0.1, so the launch's form post is cross-site), arrives signed
 * in on the assigned scenario; the trainer syncs the course's roster by keyboard; a second
 * instructor lands on the course's cohort as its co-instructor (decision 052), whom the trainer
 * then removes by keyboard; a forged launch ends on a page that says why.
 */
describe.skipIf(skipBrowserSuite)('LTI launches in the browser', () => {
  let url = '';
  let platform: LtiPlatform;
  beforeAll(async () => {
    platform = await startLtiPlatform({ hostname: 'localhost', deploymentIds: ['dep-1'] });
  });
  afterAll(async () => {
    await platform?.close();
  });
  /** The registering trainer's session, kept for the co-instructor test. */
  let ownerCookies: Awaited<ReturnType<BrowserContext['cookies']>> = [];
  const app = useBrowserApp({
    env: async () => {
      const port = await freePort();
      url = `http://127.0.0.1:${port}`;
      return { PORT: String(port), PUBLIC_URL: url, LTI_ALLOW_HTTP: 'true' };
    },
  });

  it('registers a platform by keyboard, launches an instructor and a learner, then syncs the roster', async () => {
    const page = await app.newPage({ viewport: { width: 390, height: 844 } });
    await signUpByApi(page, 'Dr Registrar');
    const org = await apiPost(page, '/api/organisations', { name: 'LMS Academy' });
    await page.goto('/organisations');
    const open = page.getByRole('button', { name: LTI_TEXT.heading });
    await open.focus();
    await page.keyboard.press('Enter');
    const login = page.getByLabel(LTI_TEXT.loginUrl, { exact: true });
    await expect.poll(() => login.inputValue()).toBe(`${url}/lti/login`);
    const tool = {
      loginUrl: await login.inputValue(),
      launchUrl: await page.getByLabel(LTI_TEXT.launchUrl, { exact: true }).inputValue(),
      jwksUrl: await page.getByLabel(LTI_TEXT.jwksUrl, { exact: true }).inputValue(),
    };
    platform.setTool(tool);

    const fill = async (label: string, value: string) => {
      await page.getByLabel(label, { exact: true }).focus();
      await page.keyboard.type(value);
    };
    await fill(LTI_TEXT.issuer, platform.issuer);
    await fill(LTI_TEXT.clientId, platform.clientId);
    await fill(LTI_TEXT.deploymentIds, 'dep-1');
    await fill(LTI_TEXT.authUrl, platform.authorizationUrl);
    await fill(LTI_TEXT.platformJwksUrl, platform.jwksUrl);
    await fill(LTI_TEXT.tokenUrl, platform.tokenUrl);
    await page.getByRole('button', { name: LTI_TEXT.register }).press('Enter');
    await page.getByRole('status').filter({ hasText: LTI_TEXT.registered }).waitFor();
    await page.getByRole('button', { name: `${LTI_TEXT.edit} ${platform.issuer}` }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    // The instructor's first launch, in the trainer's browser, links the trainer.
    const instructor = platform.startLaunch({
      user: { sub: 'teacher-7', name: 'Dr Registrar' },
      roles: [LTI_ROLE.instructor],
      course: { id: 'perio-101', title: 'Periodontics 101' },
    });
    await page.goto(instructor.loginUrl);
    await eventually(() => pathOf(page)).toBe('/organisations');
    const mine = await apiGet(page, '/api/organisations');
    const cohort = mine.training
      .find((o: { id: string }) => o.id === org.id)
      .cohorts.find((c: { name: string }) => c.name === 'Periodontics 101');
    const scenarios = (await apiGet(page, '/api/scenarios')).scenarios as Array<{ id: string }>;
    const assignment = await apiPost(page, `/api/organisations/cohorts/${cohort.id}/assignments`, {
      scenarioId: scenarios[0]!.id,
    });

    // A learner in a browser of their own, launched from the course: signed in, on the work.
    const learnerPage = await app.newPage({ viewport: { width: 390, height: 844 } });
    const learner = platform.startLaunch({
      user: { sub: 'student-3', name: 'Sam Student' },
      roles: [LTI_ROLE.learner],
      course: { id: 'perio-101', title: 'Periodontics 101' },
      resourceLink: { id: 'rl-1', title: 'Practice' },
      custom: { [ASSIGNMENT_CUSTOM]: assignment.id },
    });
    await learnerPage.goto(learner.loginUrl);
    await eventually(() => pathOf(learnerPage)).toBe(`/scenario/${scenarios[0]!.id}`);
    const me = await apiGet(learnerPage, '/api/auth/me');
    expect(me.user.fullName).toBe('Sam Student');

    // The instructor's launch synced the (then empty) roster; once the platform served it, the
    // trainer syncs the course's roster by keyboard: one learner joins, Sam stays.
    await eventually(() => platform.requests.some((r) => r.path.endsWith('/memberships'))).toBe(
      true,
    );
    platform.setRoster('perio-101', [
      { user_id: 'teacher-7', roles: [LTI_ROLE.instructor] },
      { user_id: 'student-3', roles: [LTI_ROLE.learner], name: 'Sam Student' },
      { user_id: 'student-4', roles: [LTI_ROLE.learner], name: 'Robin Roster' },
    ]);
    await page.goto('/organisations');
    const sync = page.getByRole('button', { name: LTI_TEXT.syncRoster });
    await sync.focus();
    await page.keyboard.press('Enter');
    await page
      .getByRole('status')
      .filter({ hasText: LTI_TEXT.rosterSynced(1, 0, 1) })
      .waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    // The next test opens the trainer's browser again.
    ownerCookies = await page.context().cookies();
  });

  it("lands a second instructor on their course's cohort as its co-instructor, without the owner's controls", async () => {
    // A co-teacher of the course the first test made, in a browser of their own, never linked.
    const page = await app.newPage({ viewport: { width: 390, height: 844 } });
    const coTeacher = platform.startLaunch({
      user: { sub: 'teacher-8', name: 'Dr Second' },
      roles: [LTI_ROLE.teachingAssistant],
      course: { id: 'perio-101', title: 'Periodontics 101' },
    });
    await page.goto(coTeacher.loginUrl);
    await eventually(() => pathOf(page)).toBe('/organisations');
    await page.getByRole('heading', { name: T.coTeaching }).waitFor();
    await page.getByRole('heading', { name: `${T.organisation}: LMS Academy` }).waitFor();
    await page.getByRole('heading', { name: `${T.cohort}: Periodontics 101` }).waitFor();
    // The cohort's table, with its trainee.
    await page.getByRole('link', { name: T.openMember('Sam Student') }).waitFor();
    // The owner's controls are not there: no rename or delete, no invites.
    expect(await page.getByRole('button', { name: T.deleteCohort }).count()).toBe(0);
    expect(await page.getByRole('button', { name: T.createInvite }).count()).toBe(0);
    // By keyboard to the class summary.
    const summary = page.getByRole('tab', { name: T.tabSummary });
    await summary.focus();
    await page.keyboard.press('Enter');
    await eventually(() => summary.getAttribute('aria-selected')).toBe('true');
    expect(await seriousA11yViolations(page)).toEqual([]);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    // The trainer sees them beside the cohort and removes them by keyboard.
    const owner = await app.newPage({ viewport: { width: 390, height: 844 } });
    await owner.context().addCookies(ownerCookies);
    await owner.goto('/organisations');
    await owner.getByRole('heading', { name: T.coInstructors }).waitFor();
    const remove = owner.getByRole('button', {
      name: `${T.remove} ${T.removeInstructorWhich('Dr Second')}`,
    });
    await remove.focus();
    await owner.keyboard.press('Enter');
    const confirm = owner.getByRole('dialog').getByRole('button', { name: T.remove });
    await confirm.focus();
    await owner.keyboard.press('Enter');
    await owner
      .getByRole('status')
      .filter({ hasText: T.instructorRemoved('Dr Second') })
      .waitFor();
    expect(await seriousA11yViolations(owner)).toEqual([]);
    // Their page no longer lists the course.
    await page.reload();
    await page.getByRole('heading', { name: T.training }).waitFor();
    expect(await page.getByRole('heading', { name: T.coTeaching }).count()).toBe(0);
  });

  it('shows a forged launch the page that says why, and signs nobody in', async () => {
    const page = await app.newPage({ viewport: { width: 390, height: 844 } });
    const forged = platform.startLaunch({
      user: { sub: 'mallory', name: 'Mallory' },
      roles: [LTI_ROLE.learner],
      attack: { foreignKey: true },
    });
    await page.goto(forged.loginUrl);
    await page
      .getByRole('alert')
      .filter({ hasText: LTI_TEXT.launchFailedBecause('signature') })
      .waitFor();
    await page.getByRole('heading', { name: LTI_TEXT.launchFailedTitle }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    const me = await page.request.get('/api/auth/me');
    expect(me.status()).toBe(401);
  });
});
