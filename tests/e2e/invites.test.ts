import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { customSeed } from '../helpers/customScenario';
import { uniqueEmail } from '../helpers/httpClient';
import { ORGANISATION_TEXT, SHARING_TEXT } from '#shared/text';
import {
  apiGet,
  apiPost,
  eventually,
  pathOf,
  seriousA11yViolations,
  signUpByApi,
  skipBrowserSuite,
  textsOf,
  useBrowserApp,
  waitForPath,
} from './browser';

/**
 * Issue 17 in the browser, the trainee's side: an invite link (signed in, signed up through it,
 * signed in from it, and a dead one), the "Assigned" section on Practice Scenarios, and the
 * author's Visibility choice and resource caption.
 */

const DAY = 86_400_000;

/**
 * A trainer's course, set up through the API: an organisation, a cohort, an invite, and two of
 * the trainer's scenarios assigned to the cohort, one due next week and one already overdue.
 */
async function course(trainer: Page) {
  await signUpByApi(trainer, 'Dr Trainer');
  const org = await apiPost(trainer, '/api/organisations', { name: 'Molar Academy' });
  const cohort = await apiPost(trainer, `/api/organisations/${org.id}/cohorts`, { name: 'Year 3' });
  const invite = await apiPost(trainer, `/api/organisations/cohorts/${cohort.id}/invites`, {});
  const scenarios: { id: string; title: string }[] = [];
  for (const [title, dueAt] of [
    ['Crown for a nervous teacher', new Date(Date.now() + 7 * DAY).toISOString()],
    ['Bridge before the holidays', new Date(Date.now() - DAY).toISOString()],
  ] as const) {
    const made = await apiPost(trainer, '/api/authoring/scenarios', {
      scenario: { ...customSeed(), title },
    });
    await apiPost(trainer, `/api/organisations/cohorts/${cohort.id}/assignments`, {
      scenarioId: made.summary.id,
      dueAt,
    });
    scenarios.push({ id: made.summary.id, title });
  }
  return { orgId: org.id as string, code: invite.code as string, scenarios };
}

const assignedSection = (page: Page) => page.getByRole('region', { name: 'Assigned' });

async function expectAssigned(page: Page) {
  const section = assignedSection(page);
  await section.waitFor();
  await eventually(() => textsOf(section.getByRole('link'))).toEqual([
    expect.stringMatching(/^Bridge before the holidays Due \w+ \d+, \d{4} Overdue$/),
    expect.stringMatching(/^Crown for a nervous teacher Due \w+ \d+, \d{4} Due$/),
  ]);
}

describe.skipIf(skipBrowserSuite)('invites and assignments in the browser', () => {
  const app = useBrowserApp();

  it('a signed-in trainee joins by link, sees the Assigned section and opens an assignment by keyboard', async () => {
    const trainer = await app.newPage();
    const { code, scenarios } = await course(trainer);

    const page = await app.newPage();
    await signUpByApi(page, 'Dr Trainee');
    // No assignment yet: no section at all, once the answer is in.
    const answered = page.waitForResponse((r) =>
      r.url().endsWith('/api/organisations/assignments'),
    );
    await page.goto('/dashboard');
    expect((await (await answered).json()).assignments).toEqual([]);
    await page.getByRole('heading', { name: 'Choose a Scenario to Practice' }).waitFor();
    expect(await assignedSection(page).count()).toBe(0);

    await page.goto(`/join/${code.toLowerCase()}`);
    await page.getByText(`Invite code: ${code}`).waitFor();
    await page.getByRole('button', { name: 'Join cohort' }).click();
    await waitForPath(page, '/dashboard');
    await expectAssigned(page);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Keyboard: the assignment is a link that Enter follows.
    const link = assignedSection(page).getByRole('link', { name: /Crown for a nervous teacher/ });
    await link.focus();
    await page.keyboard.press('Enter');
    await waitForPath(page, `/scenario/${scenarios[0]!.id}`);
  });

  it('a visitor signs up through the link and lands on their assignments, at phone width', async () => {
    const trainer = await app.newPage();
    const { code } = await course(trainer);

    const page = await app.newPage({ viewport: { width: 375, height: 740 } });
    await page.goto(`/join/${code}`);
    await page.getByText('You have been invited to join a cohort on ChairTalk.').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByLabel('Full name').fill('Dr New Starter');
    await page.getByLabel('Email').fill(uniqueEmail('invited'));
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await waitForPath(page, '/dashboard');
    await expectAssigned(page);
    // Nothing wider than the phone.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const mine = await apiGet(page, '/api/organisations');
    expect(mine.memberships.map((m: { cohortName: string }) => m.cohortName)).toEqual(['Year 3']);
  });

  it('an account holder signs in from the link and joins in one go', async () => {
    const trainer = await app.newPage();
    const { code } = await course(trainer);
    const elsewhere = await app.newPage();
    const account = await signUpByApi(elsewhere, 'Dr Returning');

    const page = await app.newPage();
    await page.goto(`/join/${code}`);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await waitForPath(page, '/dashboard');
    await expectAssigned(page);
  });

  it('a dead code says so, signed in or not, and makes no account', async () => {
    const trainer = await app.newPage();
    const { code } = await course(trainer);
    const mine = await apiGet(trainer, '/api/organisations');
    const invite = mine.training[0].cohorts[0].invites[0];
    await apiPost(trainer, `/api/organisations/invites/${invite.id}/revoke`);

    const visitor = await app.newPage();
    await visitor.goto(`/join/${code}`);
    const email = uniqueEmail('late');
    await visitor.getByLabel('Full name').fill('Dr Late');
    await visitor.getByLabel('Email').fill(email);
    await visitor.getByLabel('Password').fill('correct horse battery');
    await visitor.getByRole('button', { name: 'Create Account' }).click();
    await expect
      .poll(() => visitor.getByRole('alert').innerText())
      .toBe(ORGANISATION_TEXT.inviteNotFound);
    expect(pathOf(visitor)).toBe(`/join/${code}`);
    const signIn = await visitor.request.post('/api/auth/sign-in', {
      data: { email, password: 'correct horse battery' },
    });
    expect(signIn.status()).toBe(401);

    const member = await app.newPage();
    await signUpByApi(member, 'Dr Member');
    await member.goto(`/join/${code}`);
    await member.getByRole('button', { name: 'Join cohort' }).click();
    await expect
      .poll(() => member.getByRole('alert').innerText())
      .toBe(ORGANISATION_TEXT.inviteNotFound);
    expect(pathOf(member)).toBe(`/join/${code}`);
  });

  it('an author shares a scenario with their organisation and captions its picture; the draft keeps both', async () => {
    const trainer = await app.newPage();
    const { orgId, code } = await course(trainer);
    const made = await apiPost(trainer, '/api/authoring/scenarios', {
      scenario: { ...customSeed(), title: 'Implant for a busy chef' },
    });
    const id = made.summary.id as string;

    await trainer.goto(`/authoring/${id}`);
    const visibility = trainer.getByLabel(SHARING_TEXT.legend, { exact: true });
    await expect.poll(() => visibility.inputValue()).toBe('private');
    await visibility.selectOption({ label: SHARING_TEXT.sharedWith('Molar Academy') });
    const caption = trainer.getByLabel(SHARING_TEXT.captionLabel, { exact: true });
    // The field's rule is said next to it.
    await caption.fill('x'.repeat(121));
    await caption.blur();
    await trainer.getByText('At most 120 characters', { exact: true }).waitFor();
    expect(await caption.getAttribute('aria-invalid')).toBe('true');
    await caption.fill('Your implant: a titanium root, then a crown on top.');

    // A reload keeps what was chosen and typed.
    await trainer.reload();
    await trainer.getByText('Restored your unsaved draft.').waitFor();
    await expect.poll(() => visibility.inputValue()).toBe(orgId);
    expect(await caption.inputValue()).toBe('Your implant: a titanium root, then a crown on top.');
    await trainer.getByRole('button', { name: 'Save', exact: true }).click();
    await waitForPath(trainer, '/authoring');
    const saved = await apiGet(trainer, `/api/authoring/scenarios/${id}`);
    expect(saved.summary).toMatchObject({ visibility: 'organisation', organisationId: orgId });

    // A member of the organisation practises it and sees the author's caption.
    const trainee = await app.newPage();
    await signUpByApi(trainee, 'Dr Trainee');
    await apiPost(trainee, '/api/organisations/join', { code });
    await trainee.goto(`/scenario/${id}`);
    await trainee.getByRole('button', { name: /^Resources/ }).click();
    const resources = trainee.getByRole('region', { name: 'Resources' });
    await resources.getByText('Your implant: a titanium root, then a crown on top.').waitFor();
  });
});
