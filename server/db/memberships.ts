import type { Membership } from '#shared/api/organisations';
import type { Db, Queryable } from './db';
import { RUN_BY_TRAINER, TEACHES_COHORT } from './sqlRules';
import { iso } from './timestamps';

/**
 * Cohort memberships: joining with an invite code, leaving, and the cohorts one is in. A
 * membership has a period (joined_at to left_at); what counts inside it is `startedDuring`.
 */

export type JoinResult =
  | { joined: true; cohortId: string; organisationId: string }
  | { joined: false; reason: 'not_found' | 'own_organisation' | 'teaches_cohort' };

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
    teaches: boolean;
    runs: boolean;
  }>(
    `SELECT c.id AS "cohortId", c.organisation_id AS "organisationId",
            ${TEACHES_COHORT} AS teaches, ${RUN_BY_TRAINER} AS runs
       FROM cohort_invites i JOIN cohorts c ON c.id = i.cohort_id
      WHERE i.code = $2 AND i.revoked_at IS NULL AND i.expires_at > clock_timestamp()
      FOR SHARE OF i`,
    [input.userId, input.code],
  );
  if (!invite) return { joined: false, reason: 'not_found' };
  // Whoever teaches the cohort (its trainer, a co-instructor: decision 052) is never its trainee.
  // Each is told why in their own words: the trainer runs the organisation, a co-instructor
  // teaches only this cohort (and may join the organisation's other cohorts).
  if (invite.runs) return { joined: false, reason: 'own_organisation' };
  if (invite.teaches) return { joined: false, reason: 'teaches_cohort' };
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

/**
 * Whoever teaches the cohort (its trainer or a co-instructor, 052) ends a trainee's membership
 * of it now (decision 044): the period closes as if the trainee had left that cohort, so the
 * work done inside it stays readable and nothing started from now on is. False when the user
 * is not a member now.
 */
export async function removeMember(
  db: Queryable,
  input: { trainerId: string; cohortId: string; userId: string },
): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    `UPDATE cohort_memberships m SET left_at = clock_timestamp()
       FROM cohorts c
      WHERE c.id = m.cohort_id AND ${TEACHES_COHORT} AND m.cohort_id = $2 AND m.user_id = $3
        AND m.left_at IS NULL
     RETURNING m.id`,
    [input.trainerId, input.cohortId, input.userId],
  );
  return rows.length > 0;
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
  return rows.map((r) => ({ ...r, joinedAt: iso(r.joinedAt) }));
}
