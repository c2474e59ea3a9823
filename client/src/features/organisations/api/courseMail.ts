import { courseMailApi, type ReminderSetting } from '#shared/api/courseMail';
import { callApi } from '../../../lib/api';

/** Mails an invite's link to the addresses as typed; answers how many were sent. */
export async function emailInvite(inviteId: string, emails: string[]): Promise<number> {
  const { sent } = await callApi(courseMailApi.emailInvite, {
    params: { id: inviteId },
    body: { emails },
  });
  return sent;
}

export function getReminders(cohortId: string): Promise<ReminderSetting> {
  return callApi(courseMailApi.reminders, { params: { id: cohortId } });
}

export function setReminders(cohortId: string, hoursBefore: number | null) {
  return callApi(courseMailApi.setReminders, { params: { id: cohortId }, body: { hoursBefore } });
}
