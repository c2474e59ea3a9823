import type { Db } from './db';

export interface AccountDeletion {
  /** Recording files (folder mode) to remove once committed. */
  audioPaths: string[];
  /** The account's conversations that were still open: their sockets are told it ended. */
  openConversationIds: string[];
  /** Organisations the account ran: their members' scenario lists change. */
  organisationIds: string[];
}

/**
 * Deletes an account and everything of it in one transaction (decision 045). Most of it cascades
 * from the users row: sign-ins, conversations (messages, recordings, feedback, reviews on
 * them), memberships, organisations it runs (their cohorts, invites, assignments, and the
 * scores and comments written for them), the scores and comments it wrote, its scenarios,
 * usage, reset and verification links.
 *
 * One thing may not simply go: a scenario of the account (its own, or shared with an
 * organisation it runs) that someone else practised. Their conversation shows the scenario as it
 * was, so such a scenario stays, marked deleted, with no owner and no organisation: out of
 * every list, kept only for those conversations, as a deleted scenario is (decision 021).
 * Assignments of the account's scenarios go (they can only be in its own organisations).
 * Returns null when the account is already gone.
 */
export async function deleteAccountData(
  db: Db,
  { userId }: { userId: string },
): Promise<AccountDeletion | null> {
  return db.transaction(async (tx) => {
    const [user] = await tx.query(`SELECT 1 FROM users WHERE id = $1 FOR UPDATE`, [userId]);
    if (!user) return null;
    const organisations = await tx.query<{ id: string }>(
      `SELECT id FROM organisations WHERE trainer_id = $1`,
      [userId],
    );
    const organisationIds = organisations.map((o) => o.id);
    const mine = `(owner_id = $1 OR organisation_id = ANY($2::uuid[]))`;
    await tx.query(
      `DELETE FROM cohort_assignments
        WHERE scenario_id IN (SELECT id FROM scenarios WHERE ${mine})`,
      [userId, organisationIds],
    );
    await tx.query(
      `UPDATE scenarios s
          SET owner_id = NULL, organisation_id = NULL, visibility = 'private',
              deleted_at = COALESCE(s.deleted_at, clock_timestamp()), updated_at = clock_timestamp()
        WHERE ${mine}
          AND EXISTS (SELECT 1 FROM conversation_sessions c
                       WHERE c.scenario_id = s.id AND c.user_id <> $1)`,
      [userId, organisationIds],
    );
    const open = await tx.query<{ id: string }>(
      `SELECT id FROM conversation_sessions WHERE user_id = $1 AND ended_at IS NULL`,
      [userId],
    );
    const audio = await tx.query<{ path: string | null }>(
      `DELETE FROM message_audio WHERE user_id = $1 RETURNING path`,
      [userId],
    );
    await tx.query(`DELETE FROM users WHERE id = $1`, [userId]);
    return {
      audioPaths: audio.flatMap((a) => (a.path ? [a.path] : [])),
      openConversationIds: open.map((c) => c.id),
      organisationIds,
    };
  });
}
