import type { Queryable } from './db';

/**
 * Links that confirm an address, by the SHA-256 of their token (server/auth/emailVerifications.ts).
 * One per account: at sign-up it carries the account's own address; after a change, the new one.
 */

/** A newer link replaces the account's earlier one, whatever address that one carried. */
export async function replaceEmailVerification(
  db: Queryable,
  input: { id: string; userId: string; email: string; expiresAt: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO email_verifications (id, user_id, email, expires_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id) DO UPDATE
       SET id = excluded.id, email = excluded.email, expires_at = excluded.expires_at,
           created_at = now()`,
    [input.id, input.userId, input.email, input.expiresAt],
  );
}

/** Uses a link up: deleted in the statement that reads it, so it works once. */
export async function takeEmailVerification(
  db: Queryable,
  { id }: { id: string },
): Promise<{ userId: string; email: string; expiresAt: Date } | null> {
  const [row] = await db.query<{ userId: string; email: string; expiresAt: Date }>(
    `DELETE FROM email_verifications WHERE id = $1
     RETURNING user_id AS "userId", email, expires_at AS "expiresAt"`,
    [id],
  );
  return row === undefined ? null : { ...row, expiresAt: new Date(row.expiresAt) };
}

/** The address waiting for its link, in time or not (a new link can be sent for it). */
export async function pendingEmailOf(
  db: Queryable,
  { userId }: { userId: string },
): Promise<string | null> {
  const [row] = await db.query<{ email: string }>(
    'SELECT email FROM email_verifications WHERE user_id = $1',
    [userId],
  );
  return row?.email ?? null;
}

/**
 * Makes `email` the account's confirmed address. Null when another account took the address
 * meanwhile (the unique index has the last word; see the caller).
 */
export async function setConfirmedEmail(
  db: Queryable,
  input: { userId: string; email: string },
): Promise<{ email: string } | null> {
  const [row] = await db.query<{ email: string }>(
    `UPDATE users SET email = $2, email_verified_at = now()
      WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM users o WHERE o.email = $2 AND o.id <> $1)
      RETURNING email`,
    [input.userId, input.email],
  );
  return row ?? null;
}

/** Links past their time: dropped on the rate limits' purge timer, as reset links are. */
export async function purgeExpiredEmailVerifications(db: Queryable): Promise<number> {
  const rows = await db.query<{ n: number }>(
    `WITH gone AS (DELETE FROM email_verifications WHERE expires_at <= now() RETURNING 1)
     SELECT count(*)::int AS n FROM gone`,
  );
  return rows[0]?.n ?? 0;
}
