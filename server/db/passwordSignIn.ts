import type { Queryable } from './db';

/**
 * Whether an organisation lets its people sign in with a password (migration 0024, decision
 * 050). Off, it binds its trainer, its co-instructors and its current members: leaving the
 * cohort (or being removed as its co-instructor) frees them.
 */

/**
 * True when some organisation the user trains, is now a member of, or co-instructs a cohort of
 * (decision 052), has passwords off.
 */
export async function passwordSignInRefused(
  db: Queryable,
  { userId }: { userId: string },
): Promise<boolean> {
  const [row] = await db.query<{ refused: boolean }>(
    `SELECT EXISTS (
       SELECT 1 FROM organisations o
        WHERE NOT o.password_sign_in
          AND (o.trainer_id = $1 OR EXISTS (
                SELECT 1 FROM cohorts c JOIN cohort_memberships m ON m.cohort_id = c.id
                 WHERE c.organisation_id = o.id AND m.user_id = $1 AND m.left_at IS NULL)
               OR EXISTS (
                SELECT 1 FROM cohorts c JOIN cohort_instructors i ON i.cohort_id = c.id
                 WHERE c.organisation_id = o.id AND i.user_id = $1))
     ) AS refused`,
    [userId],
  );
  return row?.refused ?? false;
}

/** Sets the flag of an organisation this trainer runs; null when it is not theirs. */
export async function setPasswordSignIn(
  db: Queryable,
  input: { trainerId: string; organisationId: string; allowed: boolean },
): Promise<{ id: string; name: string; passwordSignIn: boolean } | null> {
  const [row] = await db.query<{ id: string; name: string; passwordSignIn: boolean }>(
    `UPDATE organisations SET password_sign_in = $3 WHERE trainer_id = $1 AND id = $2
     RETURNING id, name, password_sign_in AS "passwordSignIn"`,
    [input.trainerId, input.organisationId, input.allowed],
  );
  return row ?? null;
}

/** Whether this trainer runs the organisation (checked before a body is read). */
export async function runsOrganisation(
  db: Queryable,
  input: { trainerId: string; organisationId: string },
): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM organisations WHERE trainer_id = $1 AND id = $2', [
    input.trainerId,
    input.organisationId,
  ]);
  return rows.length === 1;
}
