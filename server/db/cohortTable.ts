import type { CohortSort, CohortTable } from '#shared/api/organisations';
import type { Queryable } from './db';
import { countedScore, TEACHES_COHORT, startedDuring } from './sqlRules';
import { isoSql } from './timestamps';

/**
 * The cohort table a trainer reads: trainees × the scenarios assigned to the cohort, each cell
 * the latest conversation done inside the trainee's membership, with the score that counts.
 */

const SORTS: Record<CohortSort, string> = {
  name: `lower(u.full_name), u.id`,
  done: `done DESC, lower(u.full_name), u.id`,
  average: `average DESC NULLS LAST, lower(u.full_name), u.id`,
};

/**
 * The cohort table (trainees × assigned scenarios) in one statement, as the JSON text of the
 * answer: the latest completed conversation per trainee and assignment inside their membership,
 * its counted score, and each trainee's trend. The text goes out as it is (4,000 cells are not
 * parsed and written again). Null when the cohort is not one this trainer teaches (052).
 */
export async function getCohortTableJson(
  db: Queryable,
  input: { trainerId: string; cohortId: string; sort: CohortSort },
): Promise<string | null> {
  const [row] = await db.query<{ data: string | null }>(
    `WITH cohort AS (
       SELECT c.id, c.organisation_id, c.name FROM cohorts c WHERE ${TEACHES_COHORT} AND c.id = $2
     ),
     assigned AS (
       SELECT a.id, a.scenario_id, sc.title, a.due_at, a.created_at
         FROM cohort_assignments a JOIN cohort ON cohort.id = a.cohort_id
         JOIN scenarios sc ON sc.id = a.scenario_id
     ),
     periods AS (
       SELECT m.user_id, m.joined_at, m.left_at
         FROM cohort_memberships m JOIN cohort ON cohort.id = m.cohort_id
     ),
     -- Everyone who has been a member: one who left keeps their row, marked (decision 023).
     members AS (
       SELECT user_id, CASE WHEN bool_or(left_at IS NULL) THEN NULL ELSE max(left_at) END AS left_at
         FROM periods GROUP BY user_id
     ),
     attempts AS (
       -- Only work started inside a membership period counts, as for SEEN_BY_TRAINER.
       SELECT DISTINCT ON (p.user_id, a.id) p.user_id, a.id AS assignment_id, s.id AS session_id,
              s.ended_at, s.created_at,
              ${countedScore('o.overall_score', 'f.overall_score')} AS score,
              o.session_id IS NOT NULL AS overridden
         FROM periods p JOIN conversation_sessions s ON ${startedDuring('p', 's')}
         JOIN assigned a ON a.scenario_id = s.scenario_id
         LEFT JOIN feedback f ON f.session_id = s.id
         -- This organisation's score only: another's never shows here (decision 026).
         LEFT JOIN score_overrides o
                ON o.session_id = s.id AND o.organisation_id = (SELECT organisation_id FROM cohort)
        WHERE s.ended_at IS NOT NULL
        ORDER BY p.user_id, a.id, s.created_at DESC, s.id DESC
     ),
     -- One pass over members × assignments gives each row's counts, trend and cells: each
     -- attempt is one (member, assignment) cell, so no second join of attempts is needed.
     -- Each cell is a row of the type cohort_table_cell (migration 0013), whose field names
     -- are the JSON's keys: cheaper than an object built per cell. Cells come in the order of
     -- the answer's assignments, one each, so a cell does not repeat its assignment's id
     -- (migration 0027). The LEFT JOIN keeps members when nothing is assigned yet (their cells
     -- are then []).
     table_rows AS (
       SELECT usr.id, usr.full_name, usr.email, mb.left_at,
              count(t.session_id)::int AS done, avg(t.score)::float8 AS average,
              coalesce(json_agg(t.score ORDER BY t.created_at, t.session_id)
                         FILTER (WHERE t.score IS NOT NULL), '[]') AS trend,
              coalesce(json_agg(ROW(t.session_id, ${isoSql('t.ended_at')}, t.score,
                                    coalesce(t.overridden, false))::cohort_table_cell
                         ORDER BY a.created_at, a.id) FILTER (WHERE a.id IS NOT NULL), '[]')
                AS cells
         FROM members mb JOIN users usr ON usr.id = mb.user_id
         LEFT JOIN assigned a ON true
         LEFT JOIN attempts t ON t.user_id = mb.user_id AND t.assignment_id = a.id
        GROUP BY usr.id, mb.left_at
     )
     SELECT (SELECT json_build_object(
        'cohort', json_build_object('id', id, 'organisationId', organisation_id, 'name', name),
        'assignments', (SELECT coalesce(json_agg(json_build_object(
           'id', a.id, 'scenarioId', a.scenario_id, 'title', a.title, 'dueAt', ${isoSql('a.due_at')})
           ORDER BY a.created_at, a.id), '[]') FROM assigned a),
        'rows', (SELECT coalesce(json_agg(json_build_object(
           'userId', u.id, 'fullName', u.full_name, 'email', u.email, 'done', u.done,
           'average', u.average, 'trend', u.trend, 'cells', u.cells,
           'leftAt', ${isoSql('u.left_at')})
           ORDER BY ${SORTS[input.sort]}), '[]') FROM table_rows u))
       FROM cohort)::text AS data`,
    [input.trainerId, input.cohortId],
  );
  return row?.data ?? null;
}

/** The cohort table, parsed. */
export async function getCohortTable(
  db: Queryable,
  input: { trainerId: string; cohortId: string; sort: CohortSort },
): Promise<CohortTable | null> {
  const json = await getCohortTableJson(db, input);
  return json === null ? null : (JSON.parse(json) as CohortTable);
}
