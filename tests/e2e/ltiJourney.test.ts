import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { LTI_CLAIM, LTI_ROLE, type LtiResourceLinkItem } from '#server/lti/claims';
import { LTI_DEEP_LINK_TEXT, TRAINER_REVIEW_TEXT } from '#shared/text';
import { freePort } from '../helpers/freePort';
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
  waitForPath,
} from './browser';
import { EMPATHIC_TURNS } from './gradedConversation';

/**
 * Issue 29 from end to end (decision 051), through the pages a person uses and a platform on
 * another site (localhost against 127.0.0.1): the registering trainer places a scenario in
 * their course from the LMS through our picker, by keyboard at phone width; the platform
 * receives our signed link; a learner opens that link, arrives signed in on the scenario,
 * practises by typing, ends and is graded, and the gradebook gets the score; the trainer
 * overrides it in the review and the gradebook gets the new one.
 */

const COURSE = { id: 'endo-201', title: 'Endodontics 201' };

/** Presses a key until the focused control holds `value` (a native select, by keyboard). */
async function chooseByKeyboard(page: Page, control: Locator, value: string) {
  await control.focus();
  for (let presses = 0; (await control.inputValue()) !== value; presses++) {
    if (presses > 100) throw new Error(`no option ${value}`);
    await page.keyboard.press('ArrowDown');
  }
}

/** Tabs until `target` has focus. */
async function tabTo(page: Page, target: Locator) {
  for (
    let presses = 0;
    !(await target.evaluate((el) => el === document.activeElement));
    presses++
  ) {
    if (presses > 20) throw new Error('never reached by Tab');
    await page.keyboard.press('Tab');
  }
}

describe.skipIf(skipBrowserSuite)('an LMS course from deep link to gradebook', () => {
  let url = '';
  let platform: LtiPlatform;
  beforeAll(async () => {
    platform = await startLtiPlatform({ hostname: 'localhost', deploymentIds: ['dep-1'] });
  });
  afterAll(async () => {
    await platform?.close();
  });
  const app = useBrowserApp({
    env: async () => {
      const port = await freePort();
      url = `http://127.0.0.1:${port}`;
      return { PORT: String(port), PUBLIC_URL: url, LTI_ALLOW_HTTP: 'true' };
    },
  });

  it('places a scenario by keyboard, a learner practises it, and both scores reach the gradebook', async () => {
    const phone = { viewport: { width: 390, height: 844 } };
    const trainer = await app.newPage(phone);
    await signUpByApi(trainer, 'Dr Rhea Registrar');
    const org = await apiPost(trainer, '/api/organisations', { name: 'Endo Academy' });
    platform.setTool({
      loginUrl: `${url}/lti/login`,
      launchUrl: `${url}/lti/launch`,
      jwksUrl: `${url}/lti/jwks`,
    });
    await apiPost(trainer, `/api/organisations/${org.id}/lti/platforms`, {
      issuer: platform.issuer,
      clientId: platform.clientId,
      authUrl: platform.authorizationUrl,
      jwksUrl: platform.jwksUrl,
      tokenUrl: platform.tokenUrl,
      deploymentIds: ['dep-1'],
    });
    const scenarios = (await apiGet(trainer, '/api/scenarios')).scenarios as Array<{
      id: string;
      title: string;
    }>;
    const scenario = scenarios[1]!;

    // The instructor asks the course to add ChairTalk content: our picker, in their browser.
    const request = platform.startDeepLinking({
      user: { sub: 'teacher-21', name: 'Dr Rhea Registrar' },
      roles: [LTI_ROLE.instructor],
      course: COURSE,
    });
    await trainer.goto(request.loginUrl);
    await eventually(() => pathOf(trainer)).toMatch(/^\/lti\/deep-link\/[0-9a-f-]{36}$/);
    await trainer.getByRole('heading', { level: 1, name: LTI_DEEP_LINK_TEXT.title }).waitFor();
    await trainer.getByText(LTI_DEEP_LINK_TEXT.intro(COURSE.title)).waitFor();
    expect(await seriousA11yViolations(trainer)).toEqual([]);
    const overflow = await trainer.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    // Nothing chosen: a clear error, and nothing sent.
    const place = trainer.getByRole('button', { name: LTI_DEEP_LINK_TEXT.place });
    await tabTo(trainer, place);
    await trainer.keyboard.press('Enter');
    await trainer.getByRole('alert').filter({ hasText: LTI_DEEP_LINK_TEXT.chooseFirst }).waitFor();
    expect(platform.deepLinkReturns).toEqual([]);

    // By keyboard: the scenario, a due date, then "Add to course".
    const select = trainer.getByLabel(LTI_DEEP_LINK_TEXT.scenario, { exact: true });
    await chooseByKeyboard(trainer, select, scenario.id);
    const due = trainer.getByLabel(LTI_DEEP_LINK_TEXT.dueDate, { exact: true });
    await tabTo(trainer, due);
    await trainer.keyboard.type('03042031');
    expect(await due.inputValue()).toBe('2031-03-04');
    await tabTo(trainer, place);
    await trainer.keyboard.press('Enter');

    // Our page posts the signed answer to the platform, which places the link.
    await eventually(() => trainer.url(), 20_000).toBe(platform.deepLinkReturnUrl);
    await trainer.getByRole('heading', { name: 'Content placed' }).waitFor();
    const [answer] = platform.deepLinkReturns;
    expect(answer?.error).toBe(null);
    const [placed] = answer!.placedLinks;
    const item = placed!.item as LtiResourceLinkItem;
    expect(item.title).toBe(scenario.title);
    expect(item.submission?.endDateTime).toMatch(/^2031-03-0[45]T/);
    expect(answer!.claims?.[LTI_CLAIM.deploymentId]).toBe('dep-1');
    expect(placed!.lineItem).toMatchObject({ scoreMaximum: 10, label: scenario.title });

    // A learner opens the placed link from the course: signed in, on the scenario.
    const learner = await app.newPage(phone);
    const created = learner.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/conversations',
    );
    await learner.goto(
      platform.startLaunch({
        user: { sub: 'student-77', name: 'Lou Learner' },
        roles: [LTI_ROLE.learner],
        course: COURSE,
        resourceLink: { id: placed!.resourceLinkId, title: item.title ?? '' },
        ...(item.custom ? { custom: item.custom } : {}),
      }).loginUrl,
    );
    await waitForPath(learner, `/scenario/${scenario.id}`, 20_000);
    expect((await apiGet(learner, '/api/auth/me')).user.fullName).toBe('Lou Learner');
    const conversationId: string = (await (await created).json()).session.id;

    // Practises by typing with the offline patient, ends, and is graded.
    const messages = learner.getByRole('region', { name: 'Conversation messages' });
    const patient = messages.getByRole('listitem').filter({ hasText: 'Patient said:' });
    const composer = learner.getByRole('textbox', { name: 'Your message to the patient' });
    for (const [i, line] of EMPATHIC_TURNS.entries()) {
      await composer.fill(line);
      await composer.press('Enter');
      await eventually(() => patient.count()).toBe(i + 2);
      await eventually(() => learner.getByText('Patient is replying…').count()).toBe(0);
    }
    await learner.getByRole('button', { name: 'End conversation & get feedback' }).click();
    await learner
      .getByRole('dialog', { name: 'Conversation Feedback' })
      .getByRole('heading', { name: 'Debrief', exact: true })
      .waitFor({ timeout: 20_000 });
    const graded = await apiGet(learner, `/api/conversations/${conversationId}`);
    const aiScore: number = graded.feedback.overallScore;

    // The gradebook's column for the placed link gets the grader's score.
    await app.server.services.ltiPassbacks.settle();
    await eventually(() => platform.scores.length).toBe(1);
    expect(platform.scores[0]).toMatchObject({
      courseId: COURSE.id,
      lineItemId: placed!.lineItem!.id,
      score: { userId: 'student-77', scoreGiven: aiScore, scoreMaximum: 10 },
    });

    // The trainer overrides it in the review, by keyboard; the gradebook follows.
    await trainer.goto(`/organisations/conversations/${conversationId}`);
    const form = trainer.getByRole('region', { name: TRAINER_REVIEW_TEXT.overrideTitle });
    const trainerScore = aiScore === 9 ? 8 : 9;
    const score = form.getByLabel(TRAINER_REVIEW_TEXT.score, { exact: true });
    await chooseByKeyboard(trainer, score, String(trainerScore));
    const comment = form.getByLabel(TRAINER_REVIEW_TEXT.comment, { exact: true });
    await tabTo(trainer, comment);
    await trainer.keyboard.type('Good rapport; the gradebook should say so.');
    await tabTo(trainer, form.getByRole('button', { name: TRAINER_REVIEW_TEXT.saveOverride }));
    await trainer.keyboard.press('Enter');
    await form.getByText(`${TRAINER_REVIEW_TEXT.currentOverride}: ${trainerScore}/10`).waitFor();
    await app.server.services.ltiPassbacks.settle();
    await eventually(() => platform.scores.at(-1)?.score.scoreGiven).toBe(trainerScore);
    expect(platform.scores.at(-1)).toMatchObject({
      lineItemId: placed!.lineItem!.id,
      score: { userId: 'student-77', scoreMaximum: 10 },
    });
  });
});
