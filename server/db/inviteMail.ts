import type { Queryable } from './db';
import { RUN_BY_TRAINER } from './sqlRules';
import { isoSql } from './timestamps';

export interface InviteForMail {
  code: string;
  expiresAt: string;
  live: boolean;
  cohortName: string;
  organisationName: string;
  trainerName: string;
  trainerVerified: boolean;
}

/**
 * What an invite mail says, for the trainer ($1) who runs the invite's cohort; null when the
 * invite is not one of theirs (the route answers 404, as for any id of someone else's).
 */
export async function getInviteForMail(
  db: Queryable,
  input: { trainerId: string; inviteId: string },
): Promise<InviteForMail | null> {
  const [row] = await db.query<InviteForMail>(
    `SELECT i.code, ${isoSql('i.expires_at')} AS "expiresAt",
            (i.revoked_at IS NULL AND i.expires_at > now()) AS live,
            c.name AS "cohortName", o.name AS "organisationName",
            u.full_name AS "trainerName", u.email_verified_at IS NOT NULL AS "trainerVerified"
       FROM cohort_invites i
       JOIN cohorts c ON c.id = i.cohort_id
       JOIN organisations o ON o.id = c.organisation_id
       JOIN users u ON u.id = $1
      WHERE ${RUN_BY_TRAINER} AND i.id = $2`,
    [input.trainerId, input.inviteId],
  );
  return row ?? null;
}
