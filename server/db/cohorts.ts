import type { Cohort } from '#shared/api/organisations';
import type { Db } from './db';

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
