import type { Queryable } from './db';

/**
 * Sign-ins on their way through an OpenID provider (migration 0024, decision 050), by the
 * SHA-256 of their `state`. In the database so the callback may reach any instance.
 */

/**
 * What a flow through the provider is for: signing in, or linking the identity that comes back
 * to the account that started it (migration 0031), which must still be signed in at the end.
 */
export type SsoLoginIntent =
  { intent: 'sign_in'; userId: null } | { intent: 'link'; userId: string };

export type SsoLoginRow = SsoLoginIntent & {
  provider: string;
  nonce: string;
  codeVerifier: string;
  returnPath: string;
  browserHash: string;
  expiresAt: Date;
};

export async function insertSsoLogin(
  db: Queryable,
  input: SsoLoginRow & { id: string },
): Promise<void> {
  await db.query(
    `INSERT INTO sso_logins
       (id, browser_hash, provider, nonce, code_verifier, return_path, expires_at, intent, user_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      input.id,
      input.browserHash,
      input.provider,
      input.nonce,
      input.codeVerifier,
      input.returnPath,
      input.expiresAt,
      input.intent,
      input.userId,
    ],
  );
}

/**
 * Uses a sign-in up: deleted whether or not it is still in time or from the right browser, so a
 * state works once and two callbacks racing with it cannot both sign in.
 */
export async function takeSsoLogin(
  db: Queryable,
  { id }: { id: string },
): Promise<SsoLoginRow | null> {
  const [row] = await db.query<SsoLoginRow>(
    `DELETE FROM sso_logins WHERE id = $1
     RETURNING provider, nonce, code_verifier AS "codeVerifier", return_path AS "returnPath",
               browser_hash AS "browserHash", expires_at AS "expiresAt", intent,
               user_id AS "userId"`,
    [id],
  );
  return row === undefined ? null : { ...row, expiresAt: new Date(row.expiresAt) };
}

/** Sign-ins abandoned at the provider: the purge timer drops them with the other expired rows. */
export async function purgeExpiredSsoLogins(db: Queryable): Promise<number> {
  const rows = await db.query<{ n: number }>(
    `WITH gone AS (DELETE FROM sso_logins WHERE expires_at <= now() RETURNING 1)
     SELECT count(*)::int AS n FROM gone`,
  );
  return rows[0]?.n ?? 0;
}
