import type { Organisation, TrainerOrganisation } from '#shared/api/organisations';
import { ORGANISATION_LIMITS } from '#shared/organisations';
import type { Db, Queryable } from './db';
import { toInvite } from './invites';
import { lockOwner } from './ownerLock';
import { iso } from './timestamps';

/**
 * Organisations (decision 023): a trainer's own, each with its cohorts and invites. Cohorts,
 * memberships, invites and assignments have a module each beside this one; every read and
 * write of the organisation as a whole is scoped by `trainer_id`, its owner's (a cohort's
 * co-instructor, decision 052, reaches only that cohort's work), so another's id is simply
 * not found.
 */

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

/** The organisations this user trains, each with its cohorts, member counts and invites. */
export async function listTrainedOrganisations(
  db: Queryable,
  { trainerId }: { trainerId: string },
): Promise<TrainerOrganisation[]> {
  const [row] = await db.query<{ data: string }>(
    `SELECT coalesce(json_agg(json_build_object('id', o.id, 'name', o.name,
        'passwordSignIn', o.password_sign_in, 'cohorts', (
        SELECT coalesce(json_agg(json_build_object(
          'id', c.id, 'organisationId', c.organisation_id, 'name', c.name,
          'members', (SELECT count(*) FROM cohort_memberships m
                       WHERE m.cohort_id = c.id AND m.left_at IS NULL),
          'former', (SELECT count(DISTINCT m.user_id) FROM cohort_memberships m
                      WHERE m.cohort_id = c.id AND NOT EXISTS (
                        SELECT 1 FROM cohort_memberships n
                         WHERE n.cohort_id = c.id AND n.user_id = m.user_id
                           AND n.left_at IS NULL)),
          'lmsRoster', EXISTS (SELECT 1 FROM lti_contexts x
                                WHERE x.cohort_id = c.id AND x.memberships_url IS NOT NULL),
          'instructors', (SELECT coalesce(json_agg(json_build_object(
                            'userId', i.user_id, 'fullName', u.full_name, 'addedAt', i.added_at)
                            ORDER BY i.added_at, i.user_id), '[]')
                            FROM cohort_instructors i JOIN users u ON u.id = i.user_id
                           WHERE i.cohort_id = c.id),
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
    cohorts: o.cohorts.map((c) => ({
      ...c,
      invites: c.invites.map(toInvite),
      instructors: c.instructors.map((i) => ({ ...i, addedAt: iso(i.addedAt) })),
    })),
  }));
}

/** Renames an organisation this trainer runs; null when it is not theirs. */
export async function renameOrganisation(
  db: Queryable,
  input: { trainerId: string; organisationId: string; name: string },
): Promise<Organisation | null> {
  const [row] = await db.query<Organisation>(
    `UPDATE organisations SET name = $3 WHERE trainer_id = $1 AND id = $2 RETURNING id, name`,
    [input.trainerId, input.organisationId, input.name],
  );
  return row ?? null;
}

/**
 * Deletes an organisation this trainer runs (decision 044); false when it is not theirs. Its
 * cohorts go, and with them memberships, invites and assignments; its scores and comments go
 * (they are the organisation's, decision 026). Scenarios shared with it go back to private for
 * their author first: the foreign key would otherwise delete them, and conversations practised
 * on them must keep their scenario. The trainees' conversations are never touched.
 */
export async function deleteOrganisation(
  db: Db,
  input: { trainerId: string; organisationId: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [org] = await tx.query<{ id: string }>(
      `SELECT id FROM organisations WHERE trainer_id = $1 AND id = $2 FOR UPDATE`,
      [input.trainerId, input.organisationId],
    );
    if (!org) return false;
    await tx.query(
      `UPDATE scenarios SET visibility = 'private', organisation_id = NULL,
              updated_at = clock_timestamp()
        WHERE organisation_id = $1`,
      [org.id],
    );
    await tx.query(`DELETE FROM organisations WHERE id = $1`, [org.id]);
    return true;
  });
}
