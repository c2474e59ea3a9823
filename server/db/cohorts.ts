import type { Cohort } from '#shared/api/organisations';
import type { Db, Queryable } from './db';
import { RUN_BY_TRAINER, TEACHES_COHORT } from './sqlRules';

/** Cohorts: the groups of trainees an organisation's trainer invites and sets work for. */

/** Null when the organisation is not this trainer's; 'limit' when it has `max` cohorts. */
export async function createCohort(
  db: Db,
  input: { trainerId: string; organisationId: string; name: string; max: number },
): Promise<Cohort | null | 'limit'> {
  return db.transaction(async (tx) => {
    // Locks the organisation, as lockOwner does, so racing creates count one at a time.
    const [org] = await tx.query<{ id: string }>(
      `SELECT id FROM organisations WHERE trainer_id = $1 AND id = $2 FOR NO KEY UPDATE`,
      [input.trainerId, input.organisationId],
    );
    if (!org) return null;
    const [row] = await tx.query<Cohort>(
      `INSERT INTO cohorts (organisation_id, name)
       SELECT $1, $2 WHERE (SELECT count(*) FROM cohorts WHERE organisation_id = $1) < $3
       RETURNING id, organisation_id AS "organisationId", name`,
      [org.id, input.name, input.max],
    );
    return row ?? 'limit';
  });
}

/** Renames a cohort this trainer runs; null when it is not theirs. */
export async function renameCohort(
  db: Queryable,
  input: { trainerId: string; cohortId: string; name: string },
): Promise<Cohort | null> {
  const [row] = await db.query<Cohort>(
    `UPDATE cohorts c SET name = $3 WHERE ${RUN_BY_TRAINER} AND c.id = $2
     RETURNING c.id, c.organisation_id AS "organisationId", c.name`,
    [input.trainerId, input.cohortId, input.name],
  );
  return row ?? null;
}

/**
 * Deletes a cohort this trainer runs (decision 044), and with it its memberships, invites and
 * assignments; false when it is not theirs. The organisation's scores and comments stay (they
 * are the organisation's, 026) and every conversation stays its trainee's.
 */
export async function deleteCohort(
  db: Queryable,
  input: { trainerId: string; cohortId: string },
): Promise<boolean> {
  const rows = await db.query(
    `DELETE FROM cohorts c WHERE ${RUN_BY_TRAINER} AND c.id = $2 RETURNING c.id`,
    [input.trainerId, input.cohortId],
  );
  return rows.length > 0;
}

/** Whether this trainer runs this cohort: its organisation's own trainer (owner-only actions). */
export async function runsCohort(
  db: Queryable,
  input: { trainerId: string; cohortId: string },
): Promise<boolean> {
  const rows = await db.query(`SELECT 1 FROM cohorts c WHERE ${RUN_BY_TRAINER} AND c.id = $2`, [
    input.trainerId,
    input.cohortId,
  ]);
  return rows.length > 0;
}

/**
 * Whether this user teaches this cohort (decision 052): its organisation's trainer or one of its
 * co-instructors. Checked before a body is read on the routes of a cohort's work.
 */
export async function teachesCohort(
  db: Queryable,
  input: { userId: string; cohortId: string },
): Promise<boolean> {
  const rows = await db.query(`SELECT 1 FROM cohorts c WHERE ${TEACHES_COHORT} AND c.id = $2`, [
    input.userId,
    input.cohortId,
  ]);
  return rows.length > 0;
}
