import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimDueReminders } from '#server/db/reminders';
import { COURSE_MAIL_TEXT, MAIL_TEXT } from '#shared/text';
import { HttpClient, signedInClient, uniqueEmail } from '../../../helpers/httpClient';
import { startSmtpServer, type TestSmtpServer } from '../../../helpers/smtpServer';
import {
  createTestDb,
  routeDatabaseKinds,
  printSkipNotice,
  type TestDb,
} from '../../../helpers/testDb';
import { startTestServer, type TestServer } from '../../../helpers/testServer';

printSkipNotice();

const HOUR = 3_600_000;
const PASSWORD = 'correct horse battery';

/**
 * A trainer's mail to a cohort through a real SMTP server: invite links sent by email, and
 * the reminders an assignment's trainees are owed, sent once each by one of two instances on
 * the same database, and again after an instance died holding a claim. On every database.
 */
describe.each(routeDatabaseKinds())('mail to a cohort on %s', (kind) => {
  let smtp: TestSmtpServer;
  let t: TestDb;
  let server: TestServer;
  let second: TestServer;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestDb(kind);
    const env = {
      SMTP_URL: smtp.url,
      INVITE_MAILS_PER_HOUR: '6',
      AUTH_ATTEMPTS_PER_ADDRESS: '500',
      // The tests run each pass themselves, at the times they choose.
      REMINDER_CHECK_SECONDS: '86400',
    };
    server = await startTestServer(t.db, env);
    second = await startTestServer(t.db, env);
  }, 60_000);
  afterAll(async () => {
    await second?.close({ keepDb: true });
    await server?.close({ keepDb: true });
    await t?.drop();
    await smtp?.close();
  });

  /** Waits for what an SMTP server has received to settle (mails arrive as sends resolve). */
  const settle = async (read: () => number, expected: number) => {
    const deadline = Date.now() + 5000;
    while (read() < expected && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // A little longer: a duplicate would arrive now.
    await new Promise((resolve) => setTimeout(resolve, 100));
    return read();
  };

  const confirm = (client: HttpClient) =>
    client
      .get('/api/account')
      .then(({ body }) =>
        t.db.query('UPDATE users SET email_verified_at = now() WHERE id = $1', [body.account.id]),
      );

  /** A trainer (address confirmed) with a cohort, an invite and a scenario assigned, due at `dueAt`. */
  async function course(dueAt: Date) {
    const trainer = await signedInClient(server.url, 'Dr Lecturer');
    await confirm(trainer);
    const org = await trainer.post('/api/organisations', { name: 'Molar University' });
    const cohort = await trainer.post(`/api/organisations/${org.body.id}/cohorts`, {
      name: 'Year 2',
    });
    const cohortId = cohort.body.id as string;
    const invite = await trainer.post(`/api/organisations/cohorts/${cohortId}/invites`, {});
    const scenarios = (await trainer.get('/api/scenarios')).body.scenarios;
    const scenarioId = scenarios[4].id as string;
    const assigned = await trainer.post(`/api/organisations/cohorts/${cohortId}/assignments`, {
      scenarioId,
      dueAt: dueAt.toISOString(),
    });
    expect(assigned.status, assigned.text).toBe(201);
    return { trainer, cohortId, invite: invite.body as { id: string; code: string }, scenarioId };
  }

  async function trainee(code: string, verified = true) {
    const email = uniqueEmail('trainee');
    const client = new HttpClient(server.url);
    await client.post('/api/auth/sign-up', { email, password: PASSWORD, fullName: 'Dr Student' });
    expect((await client.post('/api/organisations/join', { code })).status).toBe(200);
    if (verified) await confirm(client);
    return { client, email };
  }

  const remindersTo = (email: string) =>
    smtp.mails.filter(
      (m) =>
        m.to.includes(email) &&
        (m.subject.startsWith('Due soon') || m.subject.startsWith('Overdue')),
    );

  it('mails an invite link to each address once, from a trainer with a confirmed address', async () => {
    const unconfirmed = await signedInClient(server.url, 'Dr New');
    const org = await unconfirmed.post('/api/organisations', { name: 'Incisor College' });
    const cohort = await unconfirmed.post(`/api/organisations/${org.body.id}/cohorts`, {
      name: 'Y1',
    });
    const own = await unconfirmed.post(`/api/organisations/cohorts/${cohort.body.id}/invites`, {});
    const refused = await unconfirmed.post(`/api/organisations/invites/${own.body.id}/email`, {
      emails: [uniqueEmail('x')],
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({
      code: 'forbidden:unverified',
      message: COURSE_MAIL_TEXT.unverified,
    });

    const { trainer, invite } = await course(new Date(Date.now() + 30 * 24 * HOUR));
    const [a, b] = [uniqueEmail('ada'), uniqueEmail('bo')];
    const sent = await trainer.post(`/api/organisations/invites/${invite.id}/email`, {
      emails: [`${a}, ${b}`, a.toUpperCase()],
    });
    expect(sent.status, sent.text).toBe(202);
    expect(sent.body).toEqual({ sent: 2 });
    for (const to of [a, b]) {
      const mail = await smtp.nextMailTo(to);
      expect(mail.subject).toBe(MAIL_TEXT.inviteSubject('Dr Lecturer', 'Molar University'));
      expect(mail.to).toEqual([to]);
      expect(mail.text).toContain(`/join/${invite.code}`);
    }
    // The link in the mail is the invite link: signing up through it joins the cohort.
    const joined = await new HttpClient(server.url).post('/api/auth/sign-up', {
      email: a,
      password: PASSWORD,
      fullName: 'Dr Ada',
      invite: invite.code,
    });
    expect(joined.status).toBe(201);

    // Another trainer's invite is not found; a malformed address is named; too many refused.
    const other = await signedInClient(server.url, 'Dr Other');
    await confirm(other);
    const foreign = await other.post(`/api/organisations/invites/${invite.id}/email`, {
      emails: [uniqueEmail('x')],
    });
    expect(foreign.status).toBe(404);
    const bad = await trainer.post(`/api/organisations/invites/${invite.id}/email`, {
      emails: [uniqueEmail('ok'), 'not-an-address'],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(COURSE_MAIL_TEXT.badAddress('not-an-address'));
    const many = await trainer.post(`/api/organisations/invites/${invite.id}/email`, {
      emails: [Array.from({ length: 51 }, (_, i) => `p${i}@example.com`).join(',')],
    });
    expect(many.status).toBe(400);
    expect(many.body.error.message).toBe(COURSE_MAIL_TEXT.tooManyAddresses(50));
    for (const emails of [[], [''], 'a@example.com', [42]]) {
      const refusedList = await trainer.post(`/api/organisations/invites/${invite.id}/email`, {
        emails,
      });
      expect(refusedList.status, JSON.stringify(emails)).toBe(400);
    }

    // Past the hourly limit (6 addresses here; 2 sent): 429, and nothing more is mailed.
    const five = Array.from({ length: 5 }, () => uniqueEmail('limit'));
    const over = await trainer.post(`/api/organisations/invites/${invite.id}/email`, {
      emails: five,
    });
    expect(over.status).toBe(429);
    expect(over.body.error.code).toBe('rate_limit:invite_mail');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.mails.filter((m) => five.some((to) => m.to.includes(to)))).toEqual([]);

    // A revoked invite is not sent.
    await trainer.post(`/api/organisations/invites/${invite.id}/revoke`);
    const revoked = await trainer.post(`/api/organisations/invites/${invite.id}/email`, {
      emails: [uniqueEmail('late')],
    });
    expect(revoked.status).toBe(409);
    expect(revoked.body.error.code).toBe('conflict:invite_not_live');
  });

  it('reminds each trainee once before the due date and once overdue, from one of two instances', async () => {
    const due = new Date(Date.now() + 12 * HOUR);
    const { invite, scenarioId } = await course(due);
    const [ada, bo] = [await trainee(invite.code), await trainee(invite.code)];
    const quiet = await trainee(invite.code, false);
    const done = await trainee(invite.code);
    const [doneId] = await t.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [
      done.email,
    ]);
    await t.db.query(
      `INSERT INTO conversation_sessions (user_id, scenario_id, ended_at) VALUES ($1, $2, now())`,
      [doneId!.id, scenarioId],
    );

    // Both instances look at once: each reminder goes out once.
    const now = new Date();
    const [first, other] = await Promise.all([
      server.services.courseMail.sendReminders(now),
      second.services.courseMail.sendReminders(now),
    ]);
    expect(first + other).toBe(2);
    expect(await server.services.courseMail.sendReminders(now)).toBe(0);
    for (const { email } of [ada, bo]) {
      expect(await settle(() => remindersTo(email).length, 1)).toBe(1);
      expect(remindersTo(email)[0]!.subject.startsWith('Due soon')).toBe(true);
    }
    // Not to an unconfirmed address, nor to someone who has done the work.
    expect(remindersTo(quiet.email)).toHaveLength(0);
    expect(remindersTo(done.email)).toHaveLength(0);

    // Overdue: once more each.
    const late = new Date(due.getTime() + HOUR);
    await Promise.all([
      server.services.courseMail.sendReminders(late),
      second.services.courseMail.sendReminders(late),
    ]);
    expect(await server.services.courseMail.sendReminders(late)).toBe(0);
    for (const { email } of [ada, bo]) {
      await settle(() => remindersTo(email).length, 2);
      const subjects = remindersTo(email).map((m) => m.subject);
      expect(subjects).toHaveLength(2);
      expect(subjects[1]!.startsWith('Overdue')).toBe(true);
    }
  });

  it('sends again a reminder whose instance died holding it, after the lease, and never one turned off', async () => {
    const due = new Date(Date.now() + 6 * HOUR);
    const { trainer, cohortId, invite } = await course(due);
    const { email } = await trainee(invite.code);
    // An instance claims the reminder and dies before sending it.
    const now = new Date();
    const claimed = await claimDueReminders(t.db, { now, limit: 1000, leaseSeconds: 600 });
    expect(claimed.some((r) => r.email === email)).toBe(true);
    expect(
      await server.services.courseMail.sendReminders(new Date(now.getTime() + 5 * 60_000)),
    ).toBe(0);
    expect(remindersTo(email)).toHaveLength(0);
    expect(
      await server.services.courseMail.sendReminders(new Date(now.getTime() + 11 * 60_000)),
    ).toBeGreaterThanOrEqual(1);
    expect(await settle(() => remindersTo(email).length, 1)).toBe(1);

    // Reminders turned off for the cohort: the overdue one never goes.
    const off = await trainer.post(`/api/organisations/cohorts/${cohortId}/reminders`, {
      hoursBefore: null,
    });
    expect(off.body).toEqual({ hoursBefore: null });
    expect((await trainer.get(`/api/organisations/cohorts/${cohortId}/reminders`)).body).toEqual({
      hoursBefore: null,
    });
    await server.services.courseMail.sendReminders(new Date(due.getTime() + HOUR));
    expect(await settle(() => remindersTo(email).length, 2)).toBe(1);
    for (const hoursBefore of [0, 5, 'x', 24.5]) {
      const refused = await trainer.post(`/api/organisations/cohorts/${cohortId}/reminders`, {
        hoursBefore,
      });
      expect(refused.status, String(hoursBefore)).toBe(400);
    }
    const stranger = await signedInClient(server.url, 'Dr Stranger');
    expect((await stranger.get(`/api/organisations/cohorts/${cohortId}/reminders`)).status).toBe(
      404,
    );
  });
});
