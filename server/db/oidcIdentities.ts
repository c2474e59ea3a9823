import type { Queryable } from './db';
import type { UserRow } from './users';

/**
 * Accounts' identities at OpenID providers: rows of external_identities (migration 0023) of
 * kind 'oidc'. LTI's rows (kind 'lti') are server/lti's; nothing here reads or writes them.
 */

const USER_COLUMNS =
  'u.id, u.email, u.full_name AS "fullName", u.password_hash AS "passwordHash", ' +
  'u.email_verified_at IS NOT NULL AS "emailVerified", u.locale';

/** The account an issuer's subject is linked to, if any. */
export async function getUserByOidcIdentity(
  db: Queryable,
  input: { issuer: string; subject: string },
): Promise<UserRow | null> {
  const [row] = await db.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM external_identities e JOIN users u ON u.id = e.user_id
      WHERE e.kind = 'oidc' AND e.issuer = $1 AND e.subject = $2`,
    [input.issuer, input.subject],
  );
  return row ?? null;
}

/**
 * Links an identity to an account. False when the identity is already linked (to this account
 * or, after a race, another): the primary key decides.
 */
export async function linkOidcIdentity(
  db: Queryable,
  input: { issuer: string; subject: string; userId: string },
): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO external_identities (kind, issuer, subject, user_id) VALUES ('oidc', $1, $2, $3)
     ON CONFLICT DO NOTHING RETURNING 1`,
    [input.issuer, input.subject, input.userId],
  );
  return rows.length === 1;
}

/** The issuers an account signs in through (for the account page), oldest first. */
export async function listOidcIssuers(
  db: Queryable,
  { userId }: { userId: string },
): Promise<Array<{ issuer: string; linkedAt: Date }>> {
  const rows = await db.query<{ issuer: string; linkedAt: Date }>(
    `SELECT issuer, created_at AS "linkedAt" FROM external_identities
      WHERE kind = 'oidc' AND user_id = $1 ORDER BY created_at, issuer`,
    [userId],
  );
  return rows.map((row) => ({ issuer: row.issuer, linkedAt: new Date(row.linkedAt) }));
}

/**
 * A new account for a person the provider vouches for: no password of ours, the address
 * confirmed by the provider. Null when the address is taken (the unique index decides).
 */
export async function createSsoUser(
  db: Queryable,
  input: { email: string; fullName: string },
): Promise<UserRow | null> {
  const [row] = await db.query<UserRow>(
    `INSERT INTO users (email, full_name, password_hash, email_verified_at)
     VALUES ($1, $2, NULL, now())
     ON CONFLICT (email) DO NOTHING
     RETURNING id, email, full_name AS "fullName", password_hash AS "passwordHash",
               email_verified_at IS NOT NULL AS "emailVerified", locale`,
    [input.email, input.fullName],
  );
  return row ?? null;
}

/**
 * An existing account linked by an address the provider verified, which we had not: whoever
 * made it never proved the address was theirs (it may be a squatter's, made before its owner
 * came). The address is now confirmed, and any password set by that unknown hand is dropped, as
 * are its sessions, so the squatter keeps no way in.
 */
export async function claimUnverifiedAccount(
  db: Queryable,
  { userId }: { userId: string },
): Promise<void> {
  await db.query(
    `WITH claimed AS (
       UPDATE users SET email_verified_at = now(), password_hash = NULL
        WHERE id = $1 AND email_verified_at IS NULL RETURNING id)
     DELETE FROM user_sessions WHERE user_id IN (SELECT id FROM claimed)`,
    [userId],
  );
}

/** The account's identities at one issuer (normally one), with their subjects. */
export async function listOidcIdentitiesOfUser(
  db: Queryable,
  { userId }: { userId: string },
): Promise<Array<{ issuer: string; subject: string }>> {
  return db.query<{ issuer: string; subject: string }>(
    `SELECT issuer, subject FROM external_identities
      WHERE kind = 'oidc' AND user_id = $1 ORDER BY created_at, issuer`,
    [userId],
  );
}

/** Unlinks the account's identities at these issuers (as stored); how many went. */
export async function unlinkOidcIssuers(
  db: Queryable,
  input: { userId: string; issuers: readonly string[] },
): Promise<number> {
  const rows = await db.query(
    `DELETE FROM external_identities
      WHERE kind = 'oidc' AND user_id = $1 AND issuer = ANY($2::text[]) RETURNING 1`,
    [input.userId, [...input.issuers]],
  );
  return rows.length;
}
