import { describe, expect, it } from 'vitest';
import { SHARING_TEXT } from '#shared/text';
import {
  apiGet,
  eventually,
  pathOf,
  seriousA11yViolations,
  signUpByApi,
  skipBrowserSuite,
  textsOf,
  useBrowserApp,
  waitForPath,
} from './browser';
import { field, fillRequiredButTitle, REVEAL } from './scenarioForm';

/**
 * Issue 17 from end to end, every step through the pages a person uses: a trainer writes a
 * scenario with a hidden concern and assigns it to a cohort; a trainee signs up through the
 * invite link, practises it and uncovers the concern; the trainer reads the result, overrides
 * the score and comments on a turn; the trainee sees both scores and the comment, and progress
 * counts the trainer's.
 */

const TITLE = 'Too busy for a filling';
const ORGANISATION = 'Riverside Dental School';
const COHORT = 'Year 3 communication';
const UNLOCKING = 'What would make childcare for the twins easier on the day?';
const SECOND = 'That sounds hard. Shall we look at an early slot together?';
const OVERRIDE_COMMENT = 'You found the childcare worry; now offer two concrete times.';
const EMPATHY_COMMENT = 'You named the worry before explaining: that is empathy.';
const TURN_COMMENT = 'A good open question: it let her tell you what was really wrong.';

describe.skipIf(skipBrowserSuite)("a trainer's course, end to end in the browser", () => {
  const app = useBrowserApp();

  it('writes, assigns, invites; the trainee joins by link, practises and uncovers; the trainer reviews; the trainee sees it', async () => {
    // The trainer: an organisation and a cohort with an invite link.
    const trainer = await app.newPage();
    const tess = await signUpByApi(trainer, 'Dr Tess Trainer');
    await trainer.goto('/organisations');
    await field(trainer, 'Organisation name').fill(ORGANISATION);
    await trainer.getByRole('button', { name: 'Create organisation' }).click();
    await trainer.getByRole('heading', { name: ORGANISATION }).waitFor();
    await field(trainer, 'Cohort name').fill(COHORT);
    await trainer.getByRole('button', { name: 'Create cohort' }).click();
    const cohort = trainer.getByRole('region', { name: `Cohort: ${COHORT}` });
    await cohort.getByRole('button', { name: 'Create invite' }).click();
    const linkField = cohort.getByLabel('Invite link', { exact: true });
    await linkField.waitFor();
    const inviteLink = new URL(await linkField.inputValue());
    expect(inviteLink.pathname).toMatch(/^\/join\/[A-Z0-9]+$/);

    // A scenario written in the authoring form, with a hidden concern, shared with the school.
    await trainer.goto('/authoring/new');
    await field(trainer, 'Title').fill(TITLE);
    await fillRequiredButTitle(trainer);
    await trainer
      .getByLabel(SHARING_TEXT.legend, { exact: true })
      .selectOption({ label: SHARING_TEXT.sharedWith(ORGANISATION) });
    await trainer.getByRole('button', { name: 'Save', exact: true }).click();
    await eventually(() => pathOf(trainer)).toMatch(/^\/authoring\/[0-9a-f-]{36}$/);
    const scenarioId = pathOf(trainer).split('/').pop()!;
    // The author's list says where it is shared, by the organisation's name.
    await trainer.goto('/authoring');
    await trainer.getByText(SHARING_TEXT.sharedWith(ORGANISATION)).waitFor();

    // Assigned to the cohort, due in a week.
    const due = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    await trainer.goto('/organisations');
    await field(cohort, 'Scenario').selectOption(scenarioId);
    await field(cohort, 'Due date (optional)').fill(due);
    await cohort.getByRole('button', { name: 'Assign', exact: true }).click();
    await cohort.getByText('Assigned.').waitFor();

    // The trainee: a new visitor who signs up through the link.
    const trainee = await app.newPage();
    await trainee.goto(inviteLink.pathname);
    await trainee.getByText('You have been invited to join a cohort on ChairTalk.').waitFor();
    await trainee.getByLabel('Full name').fill('Dr Sam Student');
    await trainee.getByLabel('Email').fill(`sam-${Date.now()}@example.com`);
    await trainee.getByLabel('Password').fill('correct horse battery');
    await trainee.getByRole('button', { name: 'Create Account' }).click();
    await waitForPath(trainee, '/dashboard');
    const assigned = trainee.getByRole('region', { name: 'Assigned' });
    const assignment = assigned.getByRole('link', { name: new RegExp(TITLE) });
    await assignment.getByText('Due', { exact: true }).waitFor();

    // Practises it: the open question about childcare brings the hidden concern out.
    const created = trainee.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/conversations',
    );
    await assignment.click();
    await waitForPath(trainee, `/scenario/${scenarioId}`);
    const conversationId: string = (await (await created).json()).session.id;
    const messages = trainee.getByRole('region', { name: 'Conversation messages' });
    const patient = messages.getByRole('listitem').filter({ hasText: 'Patient said:' });
    const composer = trainee.getByRole('textbox', { name: 'Your message to the patient' });
    for (const [i, line] of [UNLOCKING, SECOND].entries()) {
      await composer.fill(line);
      await composer.press('Enter');
      await eventually(() => patient.count()).toBe(i + 2);
      await eventually(() => trainee.getByText('Patient is replying…').count()).toBe(0);
      // Answered first, then the concern the question unlocked, in the same reply.
      if (i === 0)
        expect((await textsOf(patient.getByRole('paragraph'))).at(-1)?.endsWith(REVEAL)).toBe(true);
    }
    await trainee.getByRole('button', { name: 'End conversation & get feedback' }).click();
    const report = trainee.getByRole('dialog', { name: 'Conversation Feedback' });
    await report
      .getByRole('heading', { name: 'Debrief', exact: true })
      .waitFor({ timeout: 20_000 });
    const ended = await apiGet(trainee, `/api/conversations/${conversationId}`);
    const aiScore: number = ended.feedback.overallScore;
    expect(ended.debrief.hiddenConcerns).toEqual([
      expect.objectContaining({
        concern: 'Has no childcare for her twins',
        uncoveredAt: expect.anything(),
      }),
    ]);
    await trainee.goto('/dashboard');
    await assigned
      .getByRole('link', { name: new RegExp(TITLE) })
      .getByText('Done', { exact: true })
      .waitFor();

    // The trainer sees the result in the cohort table and opens it.
    await trainer.reload();
    const table = cohort.getByRole('table');
    const row = table.getByRole('row', { name: /Dr Sam Student/ });
    await eventually(() => textsOf(row.getByRole('cell').first())).toEqual(['1/1']);
    await row.getByRole('link', { name: /^Open Dr Sam Student's conversation/ }).click();
    await waitForPath(trainer, `/organisations/conversations/${conversationId}`);
    await trainer.getByRole('heading', { level: 1, name: TITLE }).waitFor();

    // The override form sits beside the scores, above the transcript (issue 27).
    const form = trainer.getByRole('region', { name: 'Override score' });
    const transcript = trainer.getByRole('region', { name: 'Transcript' });
    const top = async (l: typeof form) => (await l.boundingBox())!.y;
    expect(await top(form)).toBeLessThan(await top(transcript));

    // Overrides the score and the empathy skill, each with why, by keyboard, and comments on
    // the clinician's first turn.
    const trainerScore = aiScore === 9 ? 8 : 9;
    const aiEmpathy: number = ended.feedback.empathyScore;
    const trainerEmpathy = aiEmpathy === 2 ? 3 : 2;
    await field(form, 'Overall score (1 to 10)').selectOption(String(trainerScore));
    await field(form, 'Comment').fill(OVERRIDE_COMMENT);
    const empathy = field(form, 'Empathy score');
    await empathy.selectOption(String(trainerEmpathy));
    // A skill score needs its reason: the error names it and lands on its field.
    await form.getByRole('button', { name: 'Save score' }).click();
    await form.getByText("Say why Empathy differs from the AI's score.").waitFor();
    const why = field(form, 'Why Empathy');
    await eventually(() => why.evaluate((el) => el === document.activeElement)).toBe(true);
    await trainer.keyboard.type(EMPATHY_COMMENT);
    await trainer.keyboard.press('Tab');
    // On through the other skills (left on the AI's score) to the save button.
    let guard = 0;
    while (
      !(await form
        .getByRole('button', { name: 'Save score' })
        .evaluate((el) => el === document.activeElement)) &&
      guard++ < 10
    )
      await trainer.keyboard.press('Tab');
    await trainer.keyboard.press('Enter');
    await form.getByText(`Current override: ${trainerScore}/10`).waitFor();
    // The trainer's own header shows the counted score, the AI's beside it.
    await trainer
      .getByRole('button', { name: `${trainerScore}/10 · AI ${aiScore}/10 View Feedback` })
      .waitFor();
    const turns = transcript.getByRole('listitem');
    const firstQuestion = turns.filter({ hasText: UNLOCKING }).first();
    await firstQuestion.getByRole('button', { name: 'Add comment' }).click();
    await field(firstQuestion, 'Comment on turn 1').fill(TURN_COMMENT);
    await firstQuestion.getByRole('button', { name: 'Post comment' }).click();
    await firstQuestion.getByText(TURN_COMMENT).waitFor();
    expect(await seriousA11yViolations(trainer)).toEqual([]);

    // On a phone the form comes right after the scores, still before the transcript.
    await trainer.setViewportSize({ width: 390, height: 844 });
    expect(await top(form)).toBeLessThan(await top(transcript));
    const scoresBox = (await trainer.getByRole('region', { name: 'Scores' }).boundingBox())!;
    expect(scoresBox.y).toBeLessThan(await top(form));
    expect(await seriousA11yViolations(trainer)).toEqual([]);

    // The trainee sees both scores, each marked, the skill beside the AI's, the comment under
    // the turn; the badge, the history card and progress all show the trainer's (counted) score.
    await trainee.goto(`/conversation/${conversationId}`);
    const scores = trainee.getByRole('region', { name: 'Scores' });
    await scores.waitFor();
    expect(await textsOf(scores.locator('.review-scores__row .review-scores__score'))).toEqual([
      `AI score ${aiScore}/10`,
      `Trainer's score ${trainerScore}/10`,
    ]);
    await scores.getByText(OVERRIDE_COMMENT).waitFor();
    await scores.getByText(`by ${tess.fullName}`, { exact: false }).waitFor();
    const skillRow = scores.getByRole('list', { name: 'Skill scores' }).getByRole('listitem');
    expect(await textsOf(skillRow.locator('.review-scores__score'))).toEqual([
      `Trainer's score ${trainerEmpathy}/10`,
      `AI score ${aiEmpathy}/10`,
    ]);
    await skillRow.getByText(EMPATHY_COMMENT).waitFor();
    await trainee
      .getByRole('button', { name: `${trainerScore}/10 · AI ${aiScore}/10 View Feedback` })
      .waitFor();
    const notes = trainee.getByRole('list', { name: "Trainer's comments on turn 1" });
    await notes.getByText(TURN_COMMENT).waitFor();
    expect(await seriousA11yViolations(trainee)).toEqual([]);

    await trainee.goto('/dashboard');
    await trainee.getByRole('tab', { name: 'Conversation History' }).click();
    const card = trainee.getByRole('article').filter({ hasText: TITLE });
    await eventually(() => textsOf(card.locator('.history-entry__score'))).toEqual([
      `Overall score ${trainerScore}/10 · AI ${aiScore}/10`,
    ]);
    expect((await textsOf(card.locator('.sub-score').first()))[0]).toMatch(
      new RegExp(`^Empathy ?${trainerEmpathy}$`),
    );
    await trainee.getByRole('tab', { name: 'Your Progress' }).click();
    await trainee
      .getByText(`${trainerScore.toFixed(1)}/10`)
      .first()
      .waitFor();
    expect((await apiGet(trainee, '/api/progress')).avgScore).toBe(trainerScore);
    expect(await seriousA11yViolations(trainee)).toEqual([]);
    // The whole course in one test: more than the e2e default of a minute on a busy machine.
  }, 180_000);
});
