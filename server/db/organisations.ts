import type { Organisation, TrainerOrganisation } from '#shared/api/organisations';
import { ORGANISATION_LIMITS } from '#shared/organisations';
import type { Db, Queryable } from './db';
import { toInvite } from './invites';
import { lockOwner } from './ownerLock';

/**
 * Organisations (decision 023): a trainer's own, each with its cohorts and invites. Cohorts,
 * memberships, invites and assignments have a module each beside this one; every read and
 * write a trainer makes is scoped by `trainer_id`, so another's id is simply not found.
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
