import type { InterfaceLocale } from '#shared/i18n/locales';
import type { Queryable } from './db';
import { TEACHES_COHORT, startedDuring } from './sqlRules';
import { isoSql } from './timestamps';

/**
 * Assignment reminders (decision 046): who is owed one, claimed so that one instance sends it,
 * and marked once sent.
 */

export type ReminderKind = 'due_soon' | 'overdue';

export interface ClaimedReminder {
  assignmentId: string;
  userId: string;
  kind: ReminderKind;
  email: string;
  fullName: string;
  scenarioId: string;
  title: string;
  dueAt: string;
  cohortName: string;
  organisationName: string;
  /** The trainee's interface language (decision 049): the reminder is written in it. */
  locale: InterfaceLocale | null;
}

/**
 * Claims up to `limit` reminders owed at `now`: a current member with a confirmed address, of
 * a cohort with reminders on, whose assignment falls due within the cohort's hours (due soon)
 * or has passed its due date in the last week (overdue), and who has not done it while a
 * member. The claim is the insert itself, so two instances never claim one reminder; a claim
 * older than `leaseSeconds` and never sent is taken again (its sender died).
 */
export async function claimDueReminders(
  db: Queryable,
  input: { now: Date; limit: number; leaseSeconds: number },
): Promise<ClaimedReminder[]> {
  return db.query<ClaimedReminder>(
    `WITH owed AS (
       SELECT a.id AS assignment_id, m.user_id,
              CASE WHEN a.due_at <= $1::timestamptz THEN 'overdue' ELSE 'due_soon' END AS kind
         FROM cohort_assignments a
         JOIN cohorts c ON c.id = a.cohort_id
         JOIN cohort_memberships m ON m.cohort_id = c.id AND m.left_at IS NULL
         JOIN users u ON u.id = m.user_id AND u.email_verified_at IS NOT NULL
        WHERE c.reminder_hours_before IS NOT NULL AND a.due_at IS NOT NULL
          AND a.due_at - make_interval(hours => c.reminder_hours_before) <= $1::timestamptz
          AND a.due_at > $1::timestamptz - interval '7 days'
          AND NOT EXISTS (
            SELECT 1 FROM conversation_sessions s
             WHERE s.scenario_id = a.scenario_id AND s.ended_at IS NOT NULL
               AND ${startedDuring('m', 's')})
          AND NOT EXISTS (
            SELECT 1 FROM assignment_reminders r
             WHERE r.assignment_id = a.id AND r.user_id = m.user_id
               AND r.kind = CASE WHEN a.due_at <= $1::timestamptz THEN 'overdue' ELSE 'due_soon' END
               AND (r.sent_at IS NOT NULL OR r.claimed_at > $1::timestamptz - make_interval(secs => $3::float8)))
        LIMIT $2
     ),
     claimed AS (
       INSERT INTO assignment_reminders (assignment_id, user_id, kind, claimed_at)
       SELECT assignment_id, user_id, kind, $1::timestamptz FROM owed
       ON CONFLICT (assignment_id, user_id, kind) DO UPDATE SET claimed_at = excluded.claimed_at
        WHERE assignment_reminders.sent_at IS NULL
          AND assignment_reminders.claimed_at <= excluded.claimed_at - make_interval(secs => $3::float8)
       RETURNING assignment_id, user_id, kind
     )
     SELECT cl.assignment_id AS "assignmentId", cl.user_id AS "userId", cl.kind,
            u.email, u.full_name AS "fullName", a.scenario_id AS "scenarioId", sc.title,
            ${isoSql('a.due_at')} AS "dueAt", c.name AS "cohortName", o.name AS "organisationName",
            u.locale
       FROM claimed cl
       JOIN users u ON u.id = cl.user_id
       JOIN cohort_assignments a ON a.id = cl.assignment_id
       JOIN scenarios sc ON sc.id = a.scenario_id
       JOIN cohorts c ON c.id = a.cohort_id
       JOIN organisations o ON o.id = c.organisation_id`,
    [input.now, input.limit, input.leaseSeconds],
  );
}

export async function markReminderSent(
  db: Queryable,
  input: { assignmentId: string; userId: string; kind: ReminderKind },
): Promise<void> {
  await db.query(
    `UPDATE assignment_reminders SET sent_at = now()
      WHERE assignment_id = $1 AND user_id = $2 AND kind = $3`,
    [input.assignmentId, input.userId, input.kind],
  );
}

/** A cohort's reminder setting, for its trainer ($1); null when the cohort is not theirs. */
export async function getReminderSetting(
  db: Queryable,
  input: { trainerId: string; cohortId: string },
): Promise<{ hoursBefore: number | null } | null> {
  const [row] = await db.query<{ hoursBefore: number | null }>(
    `SELECT c.reminder_hours_before AS "hoursBefore" FROM cohorts c
      WHERE ${TEACHES_COHORT} AND c.id = $2`,
    [input.trainerId, input.cohortId],
  );
  return row ?? null;
}

export async function setReminderSetting(
  db: Queryable,
  input: { trainerId: string; cohortId: string; hoursBefore: number | null },
): Promise<{ hoursBefore: number | null } | null> {
  const [row] = await db.query<{ hoursBefore: number | null }>(
    `UPDATE cohorts c SET reminder_hours_before = $3
      WHERE ${TEACHES_COHORT} AND c.id = $2
      RETURNING c.reminder_hours_before AS "hoursBefore"`,
    [input.trainerId, input.cohortId, input.hoursBefore],
  );
  return row ?? null;
}
