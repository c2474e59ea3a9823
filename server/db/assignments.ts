import type { MyAssignment } from '#shared/api/organisations';
import type { Db, Queryable } from './db';
import { TEACHES_COHORT, startedDuring } from './sqlRules';
import { isoOrNull } from './timestamps';

/** Cohort assignments: the scenarios a trainer sets a cohort, with an optional due date. */

export type AssignResult =
  { assigned: true; id: string } | { assigned: false; reason: 'not_found' | 'shared_elsewhere' };

/**
 * Assigns a scenario to a cohort this trainer teaches (its trainer or a co-instructor, 052).
 * The scenario is a shipped one, one shared with this organisation, or the trainer's own
 * private one, which assigning shares with the organisation (its members could not practise it
 * otherwise). Assigning again changes the due date.
 */
export async function assignScenario(
  db: Db,
  input: { trainerId: string; cohortId: string; scenarioId: string; dueAt: Date | null },
): Promise<AssignResult> {
  return db.transaction(async (tx) => {
    const [cohort] = await tx.query<{ organisationId: string }>(
      `SELECT c.organisation_id AS "organisationId" FROM cohorts c
        WHERE ${TEACHES_COHORT} AND c.id = $2`,
      [input.trainerId, input.cohortId],
    );
    if (!cohort) return { assigned: false, reason: 'not_found' };
    const [scenario] = await tx.query<{ visibility: string; organisationId: string | null }>(
      `SELECT visibility, organisation_id AS "organisationId" FROM scenarios
        WHERE id = $2 AND deleted_at IS NULL
          AND (visibility = 'shipped' OR owner_id = $1
               OR (visibility = 'organisation' AND organisation_id = $3))
        FOR UPDATE`,
      [input.trainerId, input.scenarioId, cohort.organisationId],
    );
    if (!scenario) return { assigned: false, reason: 'not_found' };
    if (scenario.visibility === 'organisation' && scenario.organisationId !== cohort.organisationId)
      return { assigned: false, reason: 'shared_elsewhere' };
    if (scenario.visibility === 'private') {
      await tx.query(
        `UPDATE scenarios SET visibility = 'organisation', organisation_id = $2,
                updated_at = clock_timestamp()
          WHERE id = $1`,
        [input.scenarioId, cohort.organisationId],
      );
    }
    const [row] = await tx.query<{ id: string }>(
      `INSERT INTO cohort_assignments (cohort_id, scenario_id, due_at) VALUES ($1, $2, $3)
       ON CONFLICT (cohort_id, scenario_id) DO UPDATE SET due_at = EXCLUDED.due_at
       RETURNING id`,
      [input.cohortId, input.scenarioId, input.dueAt?.toISOString() ?? null],
    );
    return { assigned: true, id: row!.id };
  });
}

/**
 * Removes an assignment of a cohort this trainer teaches; false when there is none. Only the row
 * goes: conversations are the trainee's, and the scenario keeps its sharing (decision 025).
 */
export async function removeAssignment(
  db: Queryable,
  input: { trainerId: string; assignmentId: string },
): Promise<boolean> {
  const rows = await db.query(
    `DELETE FROM cohort_assignments a USING cohorts c
      WHERE c.id = a.cohort_id AND ${TEACHES_COHORT} AND a.id = $2
      RETURNING a.id`,
    [input.trainerId, input.assignmentId],
  );
  return rows.length > 0;
}

/** An assignment as the trainee's list has it; the route adds its status. */
export type AssignmentRow = Omit<MyAssignment, 'status'>;

/** The scenarios assigned to the cohorts this user is in now, with when they did each. */
export async function listMyAssignments(
  db: Queryable,
  { userId }: { userId: string },
): Promise<AssignmentRow[]> {
  const rows = await db.query<
    Omit<AssignmentRow, 'dueAt' | 'doneAt'> & {
      dueAt: Date | string | null;
      doneAt: Date | string | null;
    }
  >(
    `SELECT a.id, a.cohort_id AS "cohortId", a.scenario_id AS "scenarioId", sc.title,
            a.due_at AS "dueAt",
            -- Done inside any period in this cohort, as the trainer's table counts it.
            (SELECT min(s.ended_at) FROM conversation_sessions s
              WHERE s.user_id = $1 AND s.scenario_id = a.scenario_id AND s.ended_at IS NOT NULL
                AND EXISTS (SELECT 1 FROM cohort_memberships p
                             WHERE p.cohort_id = m.cohort_id
                               AND ${startedDuring('p', 's')})) AS "doneAt"
       FROM cohort_memberships m
       JOIN cohort_assignments a ON a.cohort_id = m.cohort_id
       JOIN scenarios sc ON sc.id = a.scenario_id
      -- A scenario its author deleted cannot be opened any more, so it is not offered; the
      -- trainer's table keeps its column and the work done on it.
      WHERE m.user_id = $1 AND m.left_at IS NULL AND sc.deleted_at IS NULL
      ORDER BY a.due_at NULLS LAST, sc.title, a.id`,
    [userId],
  );
  return rows.map((r) => ({ ...r, dueAt: isoOrNull(r.dueAt), doneAt: isoOrNull(r.doneAt) }));
}
