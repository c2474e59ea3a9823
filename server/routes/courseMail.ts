import { Router, type Response } from 'express';
import { courseMailApi, INVITE_ADDRESSES_MAX } from '#shared/api/courseMail';
import { readInviteAddresses } from '#shared/inviteAddresses';
import { COURSE_MAIL_TEXT } from '#shared/text';
import { currentUser, requireUser } from '../auth/guard';
import { getInviteForMail } from '../db/inviteMail';
import { getReminderSetting, setReminderSetting } from '../db/reminders';
import { AppError } from '../http/errors';
import { sendJson } from '../http/respond';
import { idOr404, parseInput } from '../http/validate';
import type { Services } from '../services';

/**
 * A trainer's mail to a cohort (decision 046): an invite's link sent to a list of addresses,
 * and the cohort's reminder setting. Another trainer's invite or cohort is not found.
 */
export function courseMailRoutes(services: Services): Router {
  const { db, courseMail } = services;
  const router = Router();
  router.use(requireUser(services));

  const userIdOf = (res: Response) => currentUser(res).id;

  router.post(courseMailApi.emailInvite.route, async (req, res) => {
    const inviteId = idOr404(req.params.id, 'not_found:invite');
    const input = parseInput(courseMailApi.emailInvite.body, req.body);
    const trainerId = userIdOf(res);
    const invite = await getInviteForMail(db, { trainerId, inviteId });
    if (invite === null) throw new AppError('not_found:invite');
    const read = readInviteAddresses(input.emails);
    if (!read.ok)
      throw new AppError('bad_request:invite_addresses', COURSE_MAIL_TEXT.badAddress(read.bad));
    if (read.emails.length === 0) throw new AppError('bad_request:invite_addresses');
    if (read.emails.length > INVITE_ADDRESSES_MAX)
      throw new AppError(
        'bad_request:invite_addresses',
        COURSE_MAIL_TEXT.tooManyAddresses(INVITE_ADDRESSES_MAX),
      );
    // The mail names the trainer: it goes only from someone whose address is confirmed (042).
    if (!invite.trainerVerified) throw new AppError('forbidden:unverified');
    if (!invite.live) throw new AppError('conflict:invite_not_live');
    await courseMail.sendInvites({
      trainerId,
      trainer: invite.trainerName,
      organisation: invite.organisationName,
      cohort: invite.cohortName,
      code: invite.code,
      expiresAt: invite.expiresAt,
      emails: read.emails,
    });
    sendJson(res, courseMailApi.emailInvite, { sent: read.emails.length }, 202);
  });

  router.get(courseMailApi.reminders.route, async (req, res) => {
    const cohortId = idOr404(req.params.id, 'not_found:cohort');
    const setting = await getReminderSetting(db, { trainerId: userIdOf(res), cohortId });
    if (setting === null) throw new AppError('not_found:cohort');
    sendJson(res, courseMailApi.reminders, setting);
  });

  router.post(courseMailApi.setReminders.route, async (req, res) => {
    const cohortId = idOr404(req.params.id, 'not_found:cohort');
    const { hoursBefore } = parseInput(courseMailApi.setReminders.body, req.body);
    const setting = await setReminderSetting(db, {
      trainerId: userIdOf(res),
      cohortId,
      hoursBefore,
    });
    if (setting === null) throw new AppError('not_found:cohort');
    sendJson(res, courseMailApi.setReminders, setting);
  });

  return router;
}
