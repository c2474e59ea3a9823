import type { CoTeachingEntry } from '#shared/api/myData';
import type { CoTaughtCohort } from '#shared/api/organisations';
import type { Queryable } from './db';
import { iso } from './timestamps';
import { RUN_BY_TRAINER, TEACHES_COHORT } from './sqlRules';

/**
 * Co-instructors (decision 052): an LMS course's instructors other than the organisation's
 * trainer teach that course's cohort, and only it (`cohort_instructors`, migration 0030). What
 * they may do is TEACHES_COHORT's; the trainer alone removes them.
 */

export type CoInstructorOutcome = 'added' | 'already' | 'trainee';

/**
 * Makes this user a co-instructor of a course's cohort (decision 052), unless they are its
 * organisation's trainer ('already': they teach it anyway) or a current member of it
 * ('trainee': nobody both teaches and is taught in one cohort; the launch ends nothing, so
 * the trainer or the course decides which they are). A co-instructor already is 'already'.
 */
export async function addCoInstructor(
  db: Queryable,
  input: { cohortId: string; userId: string },
): Promise<CoInstructorOutcome> {
  const [row] = await db.query<{ outcome: CoInstructorOutcome }>(
    `WITH cohort AS (
       SELECT c.id, ${TEACHES_COHORT} AS teaches,
              EXISTS (SELECT 1 FROM cohort_memberships m
                       WHERE m.cohort_id = c.id AND m.user_id = $1 AND m.left_at IS NULL) AS member
         FROM cohorts c WHERE c.id = $2),
     added AS (
       INSERT INTO cohort_instructors (cohort_id, user_id)
       SELECT id, $1 FROM cohort WHERE NOT teaches AND NOT member
       ON CONFLICT DO NOTHING RETURNING 1)
     SELECT CASE WHEN EXISTS (SELECT 1 FROM added) THEN 'added'
                 WHEN (SELECT member AND NOT teaches FROM cohort) THEN 'trainee'
                 ELSE 'already' END AS outcome`,
    [input.userId, input.cohortId],
  );
  return row?.outcome ?? 'already';
}

/** The cohorts this user co-instructs, each with its organisation's name, for their page. */
export async function listCoTaughtCohorts(
  db: Queryable,
  { userId }: { userId: string },
): Promise<CoTaughtCohort[]> {
  return db.query<CoTaughtCohort>(
    `SELECT c.id, c.organisation_id AS "organisationId", c.name, o.name AS "organisationName",
            (SELECT count(*)::int FROM cohort_memberships m
              WHERE m.cohort_id = c.id AND m.left_at IS NULL) AS members,
            (SELECT count(DISTINCT m.user_id)::int FROM cohort_memberships m
              WHERE m.cohort_id = c.id AND NOT EXISTS (
                SELECT 1 FROM cohort_memberships n
                 WHERE n.cohort_id = c.id AND n.user_id = m.user_id AND n.left_at IS NULL))
              AS former,
            EXISTS (SELECT 1 FROM lti_contexts x
                     WHERE x.cohort_id = c.id AND x.memberships_url IS NOT NULL) AS "lmsRoster"
       FROM cohort_instructors i JOIN cohorts c ON c.id = i.cohort_id
       JOIN organisations o ON o.id = c.organisation_id
      -- The trainer teaches every cohort of theirs already: their own page lists it.
      WHERE i.user_id = $1 AND o.trainer_id <> $1
      ORDER BY o.name, c.name, c.id`,
    [userId],
  );
}

/**
 * The organisation's trainer ends a co-instructor's part in one of its cohorts: from now on
 * they reach nothing of it (what they wrote stays the organisation's, 026). False when there
 * is no such co-instructor, or the cohort is not this trainer's.
 */
export async function removeCoInstructor(
  db: Queryable,
  input: { trainerId: string; cohortId: string; userId: string },
): Promise<boolean> {
  const rows = await db.query(
    `DELETE FROM cohort_instructors i USING cohorts c
      WHERE c.id = i.cohort_id AND ${RUN_BY_TRAINER} AND i.cohort_id = $2 AND i.user_id = $3
      RETURNING 1`,
    [input.trainerId, input.cohortId, input.userId],
  );
  return rows.length > 0;
}

/**
 * The cohort's co-instructors linked to an LMS identity at this issuer, with their `sub`: the
 * ones a roster sync may remove (decision 052, addendum). Its organisation's trainer included
 * in `trainerId`, so the sync never makes them a co-instructor.
 */
export async function listLinkedCoInstructors(
  db: Queryable,
  input: { cohortId: string; issuer: string },
): Promise<{ trainerId: string; coInstructors: { userId: string; subject: string }[] }> {
  const [owner] = await db.query<{ trainerId: string }>(
    `SELECT o.trainer_id AS "trainerId" FROM cohorts c
       JOIN organisations o ON o.id = c.organisation_id WHERE c.id = $1`,
    [input.cohortId],
  );
  const coInstructors = await db.query<{ userId: string; subject: string }>(
    `SELECT i.user_id AS "userId", e.subject
       FROM cohort_instructors i
       JOIN external_identities e ON e.user_id = i.user_id AND e.kind = 'lti' AND e.issuer = $2
      WHERE i.cohort_id = $1
      ORDER BY e.subject`,
    [input.cohortId, input.issuer],
  );
  return { trainerId: owner?.trainerId ?? '', coInstructors };
}

/** The accounts linked to these LMS identities at this issuer (people who launched before). */
export async function findLtiAccounts(
  db: Queryable,
  input: { issuer: string; subjects: readonly string[] },
): Promise<{ userId: string; subject: string }[]> {
  if (input.subjects.length === 0) return [];
  return db.query<{ userId: string; subject: string }>(
    `SELECT user_id AS "userId", subject FROM external_identities
      WHERE kind = 'lti' AND issuer = $1 AND subject = ANY($2::text[])
      ORDER BY subject`,
    [input.issuer, [...input.subjects]],
  );
}

/**
 * Ends these co-instructors' part in the cohort, as the trainer's "Remove" does (a roster sync
 * found the course no longer lists them as instructors). Returns how many.
 */
export async function removeCoInstructors(
  db: Queryable,
  input: { cohortId: string; userIds: readonly string[] },
): Promise<number> {
  if (input.userIds.length === 0) return 0;
  const rows = await db.query(
    `DELETE FROM cohort_instructors WHERE cohort_id = $1 AND user_id = ANY($2::uuid[])
     RETURNING 1`,
    [input.cohortId, [...input.userIds]],
  );
  return rows.length;
}

/**
 * Every cohort this user co-instructs, with its organisation's name and since when, for their
 * data archive (decision 045): every row of theirs, as the archive holds all that is theirs.
 */
export async function listCoTeachingForExport(
  db: Queryable,
  { userId }: { userId: string },
): Promise<CoTeachingEntry[]> {
  const rows = await db.query<Omit<CoTeachingEntry, 'since'> & { since: Date | string }>(
    `SELECT o.id AS "organisationId", o.name AS "organisationName", c.id AS "cohortId",
            c.name AS "cohortName", i.added_at AS since
       FROM cohort_instructors i JOIN cohorts c ON c.id = i.cohort_id
       JOIN organisations o ON o.id = c.organisation_id
      WHERE i.user_id = $1
      ORDER BY i.added_at, c.id`,
    [userId],
  );
  return rows.map((row) => ({ ...row, since: iso(row.since) }));
}
