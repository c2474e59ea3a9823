import type { Queryable } from './db';

/** Password reset links, by the SHA-256 of their token (server/auth/passwordResets.ts). */

/** A new link replaces any earlier one of the account: only the latest mail works. */
export async function replacePasswordReset(
  db: Queryable,
  input: { id: string; userId: string; expiresAt: Date },
): Promise<void> {
  await db.query(
    `WITH gone AS (DELETE FROM password_resets WHERE user_id = $2)
     INSERT INTO password_resets (id, user_id, expires_at) VALUES ($1, $2, $3)`,
    [input.id, input.userId, input.expiresAt],
  );
}

/**
 * Uses a link up: it is deleted whether or not it is still in time, so it works once, and
 * two requests racing with the same token cannot both get the account.
 */
export async function takePasswordReset(
  db: Queryable,
  { id }: { id: string },
): Promise<{ userId: string; expiresAt: Date } | null> {
  const [row] = await db.query<{ userId: string; expiresAt: Date }>(
    `DELETE FROM password_resets WHERE id = $1
     RETURNING user_id AS "userId", expires_at AS "expiresAt"`,
    [id],
  );
  return row === undefined ? null : { userId: row.userId, expiresAt: new Date(row.expiresAt) };
}

export async function setUserPassword(
  db: Queryable,
  input: { userId: string; passwordHash: string },
): Promise<{ email: string } | null> {
  const [row] = await db.query<{ email: string }>(
    'UPDATE users SET password_hash = $2 WHERE id = $1 RETURNING email',
    [input.userId, input.passwordHash],
  );
  return row ?? null;
}

/** Signs an account out everywhere: every session row goes. */
export async function deleteSignInsOfUser(
  db: Queryable,
  { userId }: { userId: string },
): Promise<void> {
  await db.query('DELETE FROM user_sessions WHERE user_id = $1', [userId]);
}

/** Links past their time are only rows: the purge timer of the rate limits drops them too. */
export async function purgeExpiredPasswordResets(db: Queryable): Promise<number> {
  const rows = await db.query<{ n: number }>(
    `WITH gone AS (DELETE FROM password_resets WHERE expires_at <= now() RETURNING 1)
     SELECT count(*)::int AS n FROM gone`,
  );
  return rows[0]?.n ?? 0;
}

/** Every session of the account but one (a password changed on the account page keeps its own). */
export async function deleteOtherSignInsOfUser(
  db: Queryable,
  input: { userId: string; keepSignInId: string },
): Promise<void> {
  await db.query('DELETE FROM user_sessions WHERE user_id = $1 AND id <> $2', [
    input.userId,
    input.keepSignInId,
  ]);
}

/** Reset links mailed earlier stop working (after a new password or a new address). */
export async function deletePasswordResetsOfUser(
  db: Queryable,
  { userId }: { userId: string },
): Promise<void> {
  await db.query('DELETE FROM password_resets WHERE user_id = $1', [userId]);
}
