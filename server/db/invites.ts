import type { Invite } from '#shared/api/organisations';
import { ORGANISATION_LIMITS } from '#shared/organisations';
import type { Db, Queryable } from './db';
import { RUN_BY_TRAINER } from './sqlRules';
import { iso, isoOrNull } from './timestamps';

/** A cohort's invites: codes a trainer hands out, usable until they expire or are revoked. */

interface InviteRow extends Omit<Invite, 'expiresAt' | 'revokedAt'> {
  expiresAt: Date | string;
  revokedAt: Date | string | null;
}

export const toInvite = (row: InviteRow): Invite => ({
  ...row,
  expiresAt: iso(row.expiresAt),
  revokedAt: isoOrNull(row.revokedAt),
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
    // Locks the cohort, as lockOwner does its owner, so racing creates count one at a time.
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
