import { formatClockTime, formatLongDate } from '#shared/format';
import { MAIL_TEXT } from '#shared/text';
import { counter } from '../auth/throttle';
import type { MailConfig } from '../config';
import type { Db } from '../db/db';
import { claimDueReminders, markReminderSent, type ClaimedReminder } from '../db/reminders';
import { localesByEmail } from '../db/users';
import { AppError } from '../http/errors';
import { inRecipientLocale } from '../i18n/localeContext';
import type { Logger } from '../logger';
import type { Mailer } from './mailer';

/**
 * A trainer's mail to a cohort (decision 046): invite links sent by email, and the reminders
 * an assignment's trainees are owed before its due date and once it is overdue.
 */
export interface CourseMail {
  /** Counts the addresses against the trainer's hourly limit, then mails each the link. */
  sendInvites(input: {
    trainerId: string;
    trainer: string;
    organisation: string;
    cohort: string;
    code: string;
    expiresAt: string;
    emails: readonly string[];
  }): Promise<void>;
  /** Claims and sends the reminders owed at `now`; resolves with how many were sent. */
  sendReminders(now?: Date): Promise<number>;
}

const HOUR_SECONDS = 3600;
/** Reminders one pass claims: a large class is sent over a few passes, not in one burst. */
const REMINDERS_PER_PASS = 200;
/** A claim never marked sent (its instance died mid-send) is taken again after this. */
const CLAIM_LEASE_SECONDS = 10 * 60;

/**
 * How a due date reads in mail: in UTC, said so, since a mail has no time zone of its own; in
 * the language the mail is written in.
 */
export function mailDate(iso: string): string {
  return MAIL_TEXT.date(
    formatLongDate(iso, { timeZone: 'UTC' }),
    formatClockTime(iso, { timeZone: 'UTC' }),
  );
}

export function createCourseMail(deps: {
  db: Db;
  mail: MailConfig;
  mailer: Mailer;
  logger: Logger;
}): CourseMail {
  const { db, mail, mailer, logger } = deps;
  const invites = counter(db, 'invite_mail', HOUR_SECONDS);

  // Written in the trainee's chosen language (decision 049); no request is behind a reminder,
  // so one who never chose gets English.
  const reminderMail = (reminder: ClaimedReminder) =>
    inRecipientLocale(reminder.locale, () => ({
      to: reminder.email,
      subject:
        reminder.kind === 'due_soon'
          ? MAIL_TEXT.dueSoonSubject(reminder.title)
          : MAIL_TEXT.overdueSubject(reminder.title),
      text: MAIL_TEXT.reminderBody({
        kind: reminder.kind,
        name: reminder.fullName,
        title: reminder.title,
        cohort: reminder.cohortName,
        organisation: reminder.organisationName,
        due: mailDate(reminder.dueAt),
        link: `${mail.publicUrl}/scenario/${reminder.scenarioId}`,
      }),
    }));

  const remind = async (reminder: ClaimedReminder) => {
    await mailer.send(reminderMail(reminder));
    await markReminderSent(db, reminder);
  };

  return {
    async sendInvites({ trainerId, trainer, organisation, cohort, code, expiresAt, emails }) {
      const count = await invites.penalty(`trainer:${trainerId}`, emails.length);
      if (count.consumedPoints > mail.invitesPerHour) {
        // Counted all the same: a refused list cannot be split to slip under the limit faster.
        const seconds = Math.max(1, Math.ceil(count.msBeforeNext / 1000));
        throw new AppError('rate_limit:invite_mail', undefined, seconds);
      }
      // Each in its recipient's language where they have an account that chose one, else the
      // trainer's (decision 049).
      const saved = await localesByEmail(db, { emails });
      const mails = emails.map((to) =>
        inRecipientLocale(saved.get(to), () => ({
          to,
          subject: MAIL_TEXT.inviteSubject(trainer, organisation),
          text: MAIL_TEXT.inviteBody({
            trainer,
            organisation,
            cohort,
            link: `${mail.publicUrl}/join/${code}`,
            expires: mailDate(expiresAt),
          }),
        })),
      );
      // One mail per address (nobody sees who else was asked), after the answer.
      setImmediate(() => {
        for (const message of mails) {
          mailer.send(message).catch((error: unknown) => {
            logger.error('mail.failed', { kind: 'invite', error });
          });
        }
      });
    },

    async sendReminders(now = new Date()) {
      const claimed = await claimDueReminders(db, {
        now,
        limit: REMINDERS_PER_PASS,
        leaseSeconds: CLAIM_LEASE_SECONDS,
      });
      let sent = 0;
      for (const reminder of claimed) {
        try {
          await remind(reminder);
          sent += 1;
        } catch (error) {
          // Left claimed and unsent: a pass after the lease tries again.
          logger.error('mail.failed', { kind: `reminder_${reminder.kind}`, error });
        }
      }
      return sent;
    },
  };
}
