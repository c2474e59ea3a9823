import { z } from 'zod';
import { COURSE_MAIL_TEXT } from '../text';
import { resource } from './endpoint';

/**
 * A trainer's mail to a cohort (decision 046): an invite link sent by email, and the cohort's
 * reminder setting. Mounted beside the rest of /api/organisations.
 */

export const INVITE_ADDRESSES_MAX = 50;

/** The hours a cohort may remind ahead of a due date; null turns reminders off. */
export const REMINDER_HOURS = [24, 48, 72, 168] as const;

export const inviteByEmailInput = z.strictObject({
  emails: z
    // Each entry may hold several addresses as pasted (split on the server, as on the page).
    .array(
      z.string({ error: () => COURSE_MAIL_TEXT.noAddresses }).max(INVITE_ADDRESSES_MAX * 255, {
        error: () => COURSE_MAIL_TEXT.tooManyAddresses(INVITE_ADDRESSES_MAX),
      }),
      { error: () => COURSE_MAIL_TEXT.noAddresses },
    )
    .min(1, { error: () => COURSE_MAIL_TEXT.noAddresses })
    .max(INVITE_ADDRESSES_MAX, {
      error: () => COURSE_MAIL_TEXT.tooManyAddresses(INVITE_ADDRESSES_MAX),
    }),
});
export type InviteByEmailInput = z.input<typeof inviteByEmailInput>;

export const invitesSent = z.object({ sent: z.number().int().positive() });

export const reminderSetting = z.strictObject({
  hoursBefore: z
    .number()
    .int()
    .refine((hours) => (REMINDER_HOURS as readonly number[]).includes(hours), {
      error: () => COURSE_MAIL_TEXT.remindersChoose,
    })
    .nullable(),
});
export type ReminderSetting = z.infer<typeof reminderSetting>;

export const courseMailApi = resource('/organisations', {
  /** 202: the invite's link is mailed to each address (duplicates once). */
  emailInvite: {
    method: 'POST',
    route: '/invites/:id/email',
    body: inviteByEmailInput,
    response: invitesSent,
  },
  reminders: { method: 'GET', route: '/cohorts/:id/reminders', response: reminderSetting },
  setReminders: {
    method: 'POST',
    route: '/cohorts/:id/reminders',
    body: reminderSetting,
    response: reminderSetting,
  },
});
