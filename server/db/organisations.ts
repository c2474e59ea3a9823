import { ORGANISATION_LIMITS } from '../../shared/organisations';
import type { Db, Queryable } from './db';

/**
 * Organisations, cohorts, memberships, invites and assignments (issue 17, decision 023). Every
 * read and write a trainer makes is scoped by `trainer_id`, every one a trainee makes by their
 * own user id: another's id is simply not found.
 */

export interface Organisation {
  id: string;
  name: string;
}

export interface Cohort {
  id: string;
  organisationId: string;
  name: string;
}

export interface Invite {
  id: string;
  cohortId: string;
  code: string;
  expiresAt: string;
  revokedAt: string | null;
}

/** A cohort this trainer runs, as a SQL condition on `c` (cohorts) with `$1` the trainer. */
const RUN_BY_TRAINER = `c.organisation_id IN (SELECT id FROM organisations WHERE trainer_id = $1)`;

/** A membership `m` (of cohort `c`) during which the trainee started conversation `s`. */
const STARTED_DURING = `m.user_id = s.user_id
     AND s.created_at >= m.joined_at AND (m.left_at IS NULL OR s.created_at < m.left_at)`;

/**
 * A conversation `s` a trainer ($1) may read: started by a member of one of their cohorts
 * while a member (from joining until leaving). The one place this rule is written.
 */
export const SEEN_BY_TRAINER = `EXISTS (
  SELECT 1 FROM cohort_memberships m JOIN cohorts c ON c.id = m.cohort_id
   WHERE ${RUN_BY_TRAINER} AND ${STARTED_DURING})`;

/**
 * The organisation a trainer ($1) reviews conversation `s` for (decision 026): one of theirs
 * through which SEEN_BY_TRAINER lets them read it; when several are (a trainer running two the
 * trainee is in), the one that set it as work, then the oldest. Null when none, so a write
 * that needs it inserts nothing.
 */
export const REVIEWING_ORGANISATION = `(
  SELECT c.organisation_id FROM cohort_memberships m JOIN cohorts c ON c.id = m.cohort_id
    JOIN organisations g ON g.id = c.organisation_id
   WHERE g.trainer_id = $1 AND ${STARTED_DURING}
   ORDER BY EXISTS (SELECT 1 FROM cohort_assignments a
                     WHERE a.cohort_id = c.id AND a.scenario_id = s.scenario_id) DESC,
            g.created_at, g.id
   LIMIT 1)`;

/**
 * Whether organisation `o.organisation_id` set conversation `s` as work: it assigned the
 * scenario to a cohort the trainee was in when they started it, so the conversation is in that
 * cohort's table. Only such an organisation's score counts in the trainee's progress (026).
 */
export const SET_BY_ORGANISATION = `EXISTS (
  SELECT 1 FROM cohort_assignments a JOIN cohorts c ON c.id = a.cohort_id
    JOIN cohort_memberships m ON m.cohort_id = c.id
   WHERE c.organisation_id = o.organisation_id AND a.scenario_id = s.scenario_id
     AND ${STARTED_DURING})`;

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

/**
 * The bounds of issue 22 are counted in the database, in one transaction that first locks the
 * row the new one belongs to (`FOR NO KEY UPDATE`, which still lets other rows reference it):
 * requests racing on several connections or instances then count one after another, and the
 * count, a statement of its own, sees every row committed before it. 'limit' when full.
 */
export async function lockOwner(tx: Queryable, table: 'users' | 'organisations', id: string) {
  await tx.query(`SELECT 1 FROM ${table} WHERE id = $1 FOR NO KEY UPDATE`, [id]);
}

/** 'limit' when the trainer already runs ORGANISATION_LIMITS.organisationsPerTrainer. */
export async function createOrganisation(
  db: Db,
  input: { trainerId: string; name: string },
): Promise<Organisation | 'limit'> {
  return db.transaction(async (tx) => {
    await lockOwner(tx, 'users', input.trainerId);
    const [row] = await tx.query<Organisation>(
      `INSERT INTO organisations (name, trainer_id)
       SELECT $1, $2 WHERE (SELECT count(*) FROM organisations WHERE trainer_id = $2) < $3
       RETURNING id, name`,
      [input.name, input.trainerId, ORGANISATION_LIMITS.organisationsPerTrainer],
    );
    return row ?? 'limit';
  });
}

/** Null when the organisation is not this trainer's; 'limit' when it has `max` cohorts. */
export async function createCohort(
  db: Db,
  input: { trainerId: string; organisationId: string; name: string; max: number },
): Promise<Cohort | null | 'limit'> {
  return db.transaction(async (tx) => {
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

interface InviteRow extends Omit<Invite, 'expiresAt' | 'revokedAt'> {
  expiresAt: Date | string;
  revokedAt: Date | string | null;
}
const toInvite = (row: InviteRow): Invite => ({
  ...row,
  expiresAt: iso(row.expiresAt)!,
  revokedAt: iso(row.revokedAt),
});
const INVITE_COLUMNS = `i.id, i.cohort_id AS "cohortId", i.code, i.expires_at AS "expiresAt",
  i.revoked_at AS "revokedAt"`;

/**
 * Null when the cohort is not one this trainer runs; 'limit' when it already has
 * ORGANISATION_LIMITS.liveInvitesPerCohort invites neither revoked nor expired.
 */
export async function createInvite(
  db: Db,
  input: { trainerId: string; cohortId: string; code: string; expiresAt: Date },
): Promise<Invite | null | 'limit'> {
  return db.transaction(async (tx) => {
    const [cohort] = await tx.query<{ id: string }>(
      `SELECT c.id FROM cohorts c WHERE ${RUN_BY_TRAINER} AND c.id = $2 FOR NO KEY UPDATE`,
      [input.trainerId, input.cohortId],
    );
    if (!cohort) return null;
    const [row] = await tx.query<InviteRow>(
      `INSERT INTO cohort_invites AS i (cohort_id, code, expires_at)
       SELECT $1, $2, $3
        WHERE (SELECT count(*) FROM cohort_invites
                WHERE cohort_id = $1 AND revoked_at IS NULL AND expires_at > clock_timestamp()) < $4
       RETURNING ${INVITE_COLUMNS}`,
      [
        cohort.id,
        input.code,
        input.expiresAt.toISOString(),
        ORGANISATION_LIMITS.liveInvitesPerCohort,
      ],
    );
    return row ? toInvite(row) : 'limit';
  });
}

/** Revoked now (or already); null when the invite is not of a cohort this trainer runs. */
export async function revokeInvite(
  db: Queryable,
  input: { trainerId: string; inviteId: string },
): Promise<Invite | null> {
  const [row] = await db.query<InviteRow>(
    `UPDATE cohort_invites i SET revoked_at = coalesce(i.revoked_at, clock_timestamp())
      WHERE i.id = $2 AND i.cohort_id IN (SELECT c.id FROM cohorts c WHERE ${RUN_BY_TRAINER})
     RETURNING ${INVITE_COLUMNS}`,
    [input.trainerId, input.inviteId],
  );
  return row ? toInvite(row) : null;
}

export type JoinResult =
  | { joined: true; cohortId: string; organisationId: string }
  | { joined: false; reason: 'not_found' | 'own_organisation' };

/**
 * Joins the cohort of a usable invite (unknown, expired and revoked codes are all not found,
 * so a guess learns nothing). Joining a cohort one is already in changes nothing.
 */
export async function joinByCode(
  db: Db,
  input: { userId: string; code: string },
): Promise<JoinResult> {
  return db.transaction((tx) => joinByCodeIn(tx, input));
}

/**
 * joinByCode inside the caller's transaction: sign-up through an invite creates the account
 * and its membership together, or neither.
 */
export async function joinByCodeIn(
  tx: Queryable,
  input: { userId: string; code: string },
): Promise<JoinResult> {
  const [invite] = await tx.query<{
    cohortId: string;
    organisationId: string;
    trainerId: string;
  }>(
    `SELECT c.id AS "cohortId", o.id AS "organisationId", o.trainer_id AS "trainerId"
       FROM cohort_invites i JOIN cohorts c ON c.id = i.cohort_id
       JOIN organisations o ON o.id = c.organisation_id
      WHERE i.code = $1 AND i.revoked_at IS NULL AND i.expires_at > clock_timestamp()
      FOR SHARE OF i`,
    [input.code],
  );
  if (!invite) return { joined: false, reason: 'not_found' };
  if (invite.trainerId === input.userId) return { joined: false, reason: 'own_organisation' };
  await tx.query(
    `INSERT INTO cohort_memberships (cohort_id, user_id) VALUES ($1, $2)
     ON CONFLICT (cohort_id, user_id) WHERE left_at IS NULL DO NOTHING`,
    [invite.cohortId, input.userId],
  );
  return { joined: true, cohortId: invite.cohortId, organisationId: invite.organisationId };
}

/**
 * Leaves every cohort of the organisation. What was practised before stays readable to the
 * trainer (decision 023); nothing started from now on is.
 */
export async function leaveOrganisation(
  db: Queryable,
  input: { userId: string; organisationId: string },
): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    `UPDATE cohort_memberships SET left_at = clock_timestamp()
      WHERE user_id = $1 AND left_at IS NULL
        AND cohort_id IN (SELECT id FROM cohorts WHERE organisation_id = $2)
     RETURNING id`,
    [input.userId, input.organisationId],
  );
  return rows.length > 0;
}

export interface TrainerCohort extends Cohort {
  members: number;
  invites: Invite[];
}

export interface TrainerOrganisation extends Organisation {
  cohorts: TrainerCohort[];
}

/** The organisations this user trains, each with its cohorts, member counts and invites. */
export async function listTrainedOrganisations(
  db: Queryable,
  { trainerId }: { trainerId: string },
): Promise<TrainerOrganisation[]> {
  const [row] = await db.query<{ data: string }>(
    `SELECT coalesce(json_agg(json_build_object('id', o.id, 'name', o.name, 'cohorts', (
        SELECT coalesce(json_agg(json_build_object(
          'id', c.id, 'organisationId', c.organisation_id, 'name', c.name,
          'members', (SELECT count(*) FROM cohort_memberships m
                       WHERE m.cohort_id = c.id AND m.left_at IS NULL),
          'invites', (SELECT coalesce(json_agg(json_build_object(
                        'id', i.id, 'cohortId', i.cohort_id, 'code', i.code,
                        'expiresAt', i.expires_at, 'revokedAt', i.revoked_at)
                        ORDER BY i.created_at), '[]')
                        FROM cohort_invites i WHERE i.cohort_id = c.id))
          ORDER BY c.created_at, c.id), '[]')
          FROM cohorts c WHERE c.organisation_id = o.id)) ORDER BY o.created_at, o.id), '[]')::text
        AS data
       FROM organisations o WHERE o.trainer_id = $1`,
    [trainerId],
  );
  const orgs = JSON.parse(row?.data ?? '[]') as TrainerOrganisation[];
  return orgs.map((o) => ({
    ...o,
    cohorts: o.cohorts.map((c) => ({ ...c, invites: c.invites.map(toInvite) })),
  }));
}

export interface Membership {
  organisationId: string;
  organisationName: string;
  cohortId: string;
  cohortName: string;
  joinedAt: string;
}

/** The cohorts this user is in now, as a trainee. */
export async function listMemberships(
  db: Queryable,
  { userId }: { userId: string },
): Promise<Membership[]> {
  const rows = await db.query<Omit<Membership, 'joinedAt'> & { joinedAt: Date | string }>(
    `SELECT o.id AS "organisationId", o.name AS "organisationName", c.id AS "cohortId",
            c.name AS "cohortName", m.joined_at AS "joinedAt"
       FROM cohort_memberships m JOIN cohorts c ON c.id = m.cohort_id
       JOIN organisations o ON o.id = c.organisation_id
      WHERE m.user_id = $1 AND m.left_at IS NULL
      ORDER BY m.joined_at, c.id`,
    [userId],
  );
  return rows.map((r) => ({ ...r, joinedAt: iso(r.joinedAt)! }));
}

/** Whether this trainer may read this conversation (see SEEN_BY_TRAINER). */
export async function trainerMaySee(
  db: Queryable,
  input: { trainerId: string; sessionId: string },
): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM conversation_sessions s WHERE s.id = $2 AND ${SEEN_BY_TRAINER}`,
    [input.trainerId, input.sessionId],
  );
  return rows.length > 0;
}

export type AssignResult =
  { assigned: true; id: string } | { assigned: false; reason: 'not_found' | 'shared_elsewhere' };

/**
 * Assigns a scenario to a cohort this trainer runs. The scenario is a shipped one, one shared
 * with this organisation, or the trainer's own private one, which assigning shares with the
 * organisation (its members could not practise it otherwise). Assigning again changes the due
 * date.
 */
export async function assignScenario(
  db: Db,
  input: { trainerId: string; cohortId: string; scenarioId: string; dueAt: Date | null },
): Promise<AssignResult> {
  return db.transaction(async (tx) => {
    const [cohort] = await tx.query<{ organisationId: string }>(
      `SELECT c.organisation_id AS "organisationId" FROM cohorts c
        WHERE ${RUN_BY_TRAINER} AND c.id = $2`,
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
 * Removes an assignment of a cohort this trainer runs; false when there is none. Only the row
 * goes: conversations are the trainee's, and the scenario keeps its sharing (decision 025).
 */
export async function removeAssignment(
  db: Queryable,
  input: { trainerId: string; assignmentId: string },
): Promise<boolean> {
  const rows = await db.query(
    `DELETE FROM cohort_assignments a USING cohorts c
      WHERE c.id = a.cohort_id AND ${RUN_BY_TRAINER} AND a.id = $2
      RETURNING a.id`,
    [input.trainerId, input.assignmentId],
  );
  return rows.length > 0;
}

export interface AssignmentRow {
  id: string;
  cohortId: string;
  scenarioId: string;
  title: string;
  dueAt: string | null;
  /** When the trainee first completed it while a member; null while not done. */
  doneAt: string | null;
}

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
                             WHERE p.cohort_id = m.cohort_id AND p.user_id = $1
                               AND s.created_at >= p.joined_at
                               AND (p.left_at IS NULL OR s.created_at < p.left_at))) AS "doneAt"
       FROM cohort_memberships m
       JOIN cohort_assignments a ON a.cohort_id = m.cohort_id
       JOIN scenarios sc ON sc.id = a.scenario_id
      -- A scenario its author deleted cannot be opened any more, so it is not offered; the
      -- trainer's table keeps its column and the work done on it.
      WHERE m.user_id = $1 AND m.left_at IS NULL AND sc.deleted_at IS NULL
      ORDER BY a.due_at NULLS LAST, sc.title, a.id`,
    [userId],
  );
  return rows.map((r) => ({ ...r, dueAt: iso(r.dueAt), doneAt: iso(r.doneAt) }));
}

export interface CohortCell {
  assignmentId: string;
  /** The trainee's latest completed conversation of it while a member; null: not done. */
  sessionId: string | null;
  doneAt: string | null;
  /** The trainer's score when they overrode, else the grader's overall score. */
  score: number | null;
  overridden: boolean;
}

export interface CohortRow {
  userId: string;
  fullName: string;
  email: string;
  done: number;
  average: number | null;
  /** Counted scores of their assigned conversations, oldest first. */
  trend: number[];
  cells: CohortCell[];
  /** When they left the cohort; null while a member. Their work from before stays. */
  leftAt: string | null;
}

export interface CohortTable {
  cohort: Cohort;
  assignments: Array<{ id: string; scenarioId: string; title: string; dueAt: string | null }>;
  rows: CohortRow[];
}

export type CohortSort = 'name' | 'done' | 'average';

const SORTS: Record<CohortSort, string> = {
  name: `lower(u.full_name), u.id`,
  done: `done DESC, lower(u.full_name), u.id`,
  average: `average DESC NULLS LAST, lower(u.full_name), u.id`,
};

/** A timestamp as JavaScript's toISOString writes it, so the JSON is sent as the database wrote it. */
const isoSql = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The cohort table (trainees × assigned scenarios) in one statement, as the JSON text of the
 * answer: the latest completed conversation per trainee and assignment inside their membership,
 * its counted score, and each trainee's trend. The text goes out as it is (4,000 cells are not
 * parsed and written again). Null when the cohort is not one this trainer runs.
 */
export async function getCohortTableJson(
  db: Queryable,
  input: { trainerId: string; cohortId: string; sort: CohortSort },
): Promise<string | null> {
  const [row] = await db.query<{ data: string | null }>(
    `WITH cohort AS (
       SELECT c.id, c.organisation_id, c.name FROM cohorts c WHERE ${RUN_BY_TRAINER} AND c.id = $2
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
       -- Only work started inside a membership period counts: the rule of SEEN_BY_TRAINER.
       SELECT DISTINCT ON (p.user_id, a.id) p.user_id, a.id AS assignment_id, s.id AS session_id,
              s.ended_at, s.created_at, coalesce(o.overall_score, f.overall_score) AS score,
              o.session_id IS NOT NULL AS overridden
         FROM periods p JOIN conversation_sessions s ON s.user_id = p.user_id
         JOIN assigned a ON a.scenario_id = s.scenario_id
         LEFT JOIN feedback f ON f.session_id = s.id
         -- This organisation's score only: another's never shows here (decision 026).
         LEFT JOIN score_overrides o
                ON o.session_id = s.id AND o.organisation_id = (SELECT organisation_id FROM cohort)
        WHERE s.ended_at IS NOT NULL AND s.created_at >= p.joined_at
          AND (p.left_at IS NULL OR s.created_at < p.left_at)
        ORDER BY p.user_id, a.id, s.created_at DESC, s.id DESC
     ),
     per_user AS (
       SELECT mb.user_id, count(t.session_id)::int AS done, avg(t.score)::float8 AS average,
              coalesce(json_agg(t.score ORDER BY t.created_at, t.session_id)
                         FILTER (WHERE t.score IS NOT NULL), '[]') AS trend
         FROM members mb LEFT JOIN attempts t ON t.user_id = mb.user_id
        GROUP BY mb.user_id
     ),
     per_cell AS (
       SELECT mb.user_id, json_agg(json_build_object(
                'assignmentId', a.id, 'sessionId', t.session_id, 'doneAt', ${isoSql('t.ended_at')},
                'score', t.score, 'overridden', coalesce(t.overridden, false))
                ORDER BY a.created_at, a.id) AS cells
         FROM members mb CROSS JOIN assigned a
         LEFT JOIN attempts t ON t.user_id = mb.user_id AND t.assignment_id = a.id
        GROUP BY mb.user_id
     ),
     table_rows AS (
       SELECT usr.id, usr.full_name, usr.email, p.done, p.average, p.trend,
              coalesce(c.cells, '[]') AS cells, mb.left_at
         FROM per_user p JOIN users usr ON usr.id = p.user_id
         JOIN members mb ON mb.user_id = p.user_id
         LEFT JOIN per_cell c ON c.user_id = p.user_id
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

/**
 * Sets the trainer's organisation's score for a conversation (REVIEWING_ORGANISATION), replacing
 * that organisation's earlier one and no other; false when this trainer may not read it.
 */
export async function overrideScore(
  db: Queryable,
  input: { trainerId: string; sessionId: string; score: number; comment: string },
): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO score_overrides (session_id, organisation_id, trainer_id, overall_score, comment)
     SELECT s.id, org.id, $1, $3, $4
       FROM conversation_sessions s CROSS JOIN LATERAL (SELECT ${REVIEWING_ORGANISATION} AS id) org
      WHERE s.id = $2 AND org.id IS NOT NULL
     ON CONFLICT (session_id, organisation_id) DO UPDATE SET trainer_id = EXCLUDED.trainer_id,
       overall_score = EXCLUDED.overall_score, comment = EXCLUDED.comment,
       created_at = clock_timestamp()
     RETURNING session_id`,
    [input.trainerId, input.sessionId, input.score, input.comment],
  );
  return rows.length > 0;
}
