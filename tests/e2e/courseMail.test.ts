import { describe, expect, it } from 'vitest';
import { COURSE_MAIL_TEXT, MAIL_TEXT } from '#shared/text';
import { uniqueEmail } from '../helpers/httpClient';
import { useSmtpServer } from '../helpers/smtpServer';
import {
  apiPost,
  seriousA11yViolations,
  signUpByApi,
  skipBrowserSuite,
  useBrowserApp,
} from './browser';

/**
 * A trainer's mail to a cohort in the browser, through a real SMTP server: an invite mailed to
 * pasted addresses (a typo named first), and the cohort's reminder setting, by keyboard, on a
 * phone as on a laptop.
 */
describe.skipIf(skipBrowserSuite)('mail to a cohort in the browser', () => {
  const smtp = useSmtpServer();
  const app = useBrowserApp({ env: smtp.env });

  it('mails an invite to pasted addresses and sets reminders, by keyboard and at phone width', async () => {
    const page = await app.newPage({ viewport: { width: 390, height: 844 } });
    const trainer = await signUpByApi(page, 'Dr Lecturer');
    const mail = await smtp.mail.nextMailTo(trainer.email, { subject: MAIL_TEXT.verifySubject });
    const token = /verify-email\?token=([a-z2-7]{32})/.exec(mail.text)?.[1];
    await apiPost(page, '/api/auth/verify-email', { token });
    const org = await apiPost(page, '/api/organisations', { name: 'Molar Academy' });
    const cohort = await apiPost(page, `/api/organisations/${org.id}/cohorts`, { name: 'Year 3' });
    const invite = await apiPost(page, `/api/organisations/cohorts/${cohort.id}/invites`, {});

    await page.goto('/organisations');
    const open = page.getByRole('button', {
      name: `${COURSE_MAIL_TEXT.emailInvite} ${invite.code}`,
    });
    await open.focus();
    await page.keyboard.press('Enter');
    const addresses = page.getByLabel(COURSE_MAIL_TEXT.addressesLabel);
    await addresses.waitFor();
    const [a, b] = [uniqueEmail('ada'), uniqueEmail('bo')];
    await page.keyboard.type(`${a}, not-an-address`);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page
      .getByRole('alert')
      .filter({ hasText: COURSE_MAIL_TEXT.badAddress('not-an-address') })
      .waitFor();
    await addresses.fill(`${a}\n${b}`);
    await page.getByRole('button', { name: COURSE_MAIL_TEXT.send }).press('Enter');
    await page
      .getByRole('status')
      .filter({ hasText: COURSE_MAIL_TEXT.sent(2) })
      .waitFor();
    for (const to of [a, b]) {
      const received = await smtp.mail.nextMailTo(to);
      expect(received.text).toContain(`/join/${invite.code}`);
    }

    // Reminders: a week ahead, kept after a reload.
    const reminders = page.getByLabel(COURSE_MAIL_TEXT.remindersLabel);
    await expect.poll(() => reminders.inputValue()).toBe('24');
    await reminders.focus();
    await reminders.selectOption('168');
    await page.getByRole('status').filter({ hasText: COURSE_MAIL_TEXT.remindersSaved }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.reload();
    await expect
      .poll(() => page.getByLabel(COURSE_MAIL_TEXT.remindersLabel).inputValue())
      .toBe('168');
  });
});
