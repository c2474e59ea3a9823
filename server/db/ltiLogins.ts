import type { Queryable } from './db';

/**
 * Launches in flight (decision 051): the login transaction our login route starts and the
 * launch route finishes, on any instance, and the nonces of id_tokens already accepted.
 */

export async function insertLoginTransaction(
  db: Queryable,
  input: {
    stateHash: string;
    nonce: string;
    platformId: string;
    targetLinkUri: string;
    expiresAt: Date;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO lti_login_transactions (state_hash, nonce, platform_id, target_link_uri, expires_at)
     VALUES ($1, $2, $3, $4, $5)`,
    [input.stateHash, input.nonce, input.platformId, input.targetLinkUri, input.expiresAt],
  );
}

export interface LoginTransaction {
  nonce: string;
  platformId: string;
  targetLinkUri: string;
  expiresAt: Date;
}

/**
 * Takes a login transaction by its state's hash: deleted whether or not it is still in time,
 * so a state works once, and two launches racing with it cannot both pass.
 */
export async function takeLoginTransaction(
  db: Queryable,
  { stateHash }: { stateHash: string },
): Promise<LoginTransaction | null> {
  const [row] = await db.query<Omit<LoginTransaction, 'expiresAt'> & { expiresAt: Date | string }>(
    `DELETE FROM lti_login_transactions WHERE state_hash = $1
     RETURNING nonce, platform_id AS "platformId", target_link_uri AS "targetLinkUri",
               expires_at AS "expiresAt"`,
    [stateHash],
  );
  return row ? { ...row, expiresAt: new Date(row.expiresAt) } : null;
}

/**
 * Records an id_token's nonce as used until `expiresAt` (the token's own expiry); false when
 * it was used already: a replay. The primary key decides, so it holds across instances.
 */
export async function useNonce(
  db: Queryable,
  input: { platformId: string; nonce: string; expiresAt: Date },
): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO lti_used_nonces (platform_id, nonce, expires_at) VALUES ($1, $2, $3)
     ON CONFLICT DO NOTHING RETURNING 1`,
    [input.platformId, input.nonce, input.expiresAt],
  );
  return rows.length > 0;
}

/**
 * Drops login transactions, used nonces, handoffs and deep-linking requests past their time. A
 * nonce can go once its token has expired: a replay of that token fails on its expiry instead.
 */
export async function purgeExpiredLtiLogins(
  db: Queryable,
  { now }: { now: Date },
): Promise<number> {
  const rows = await db.query<{ n: number }>(
    `WITH logins AS (DELETE FROM lti_login_transactions WHERE expires_at <= $1 RETURNING 1),
          nonces AS (DELETE FROM lti_used_nonces WHERE expires_at <= $1 RETURNING 1),
          handoffs AS (DELETE FROM lti_launch_handoffs WHERE expires_at <= $1 RETURNING 1),
          deepLinks AS (DELETE FROM lti_deep_links WHERE expires_at <= $1 RETURNING 1)
     SELECT (SELECT count(*) FROM logins)::int + (SELECT count(*) FROM nonces)::int
            + (SELECT count(*) FROM handoffs)::int + (SELECT count(*) FROM deepLinks)::int AS n`,
    [now],
  );
  return rows[0]?.n ?? 0;
}

/** A verified launch waiting for its browser's next request (see migration 0025). */
export async function insertLaunchHandoff(
  db: Queryable,
  input: {
    codeHash: string;
    stateHash: string;
    platformId: string;
    message: object;
    expiresAt: Date;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO lti_launch_handoffs (code_hash, state_hash, platform_id, message, expires_at)
     VALUES ($1, $2, $3, $4, $5)`,
    [
      input.codeHash,
      input.stateHash,
      input.platformId,
      JSON.stringify(input.message),
      input.expiresAt,
    ],
  );
}

/** Takes a handoff once, whether or not it is still in time (the caller checks). */
export async function takeLaunchHandoff(
  db: Queryable,
  { codeHash }: { codeHash: string },
): Promise<{ stateHash: string; platformId: string; message: unknown; expiresAt: Date } | null> {
  const [row] = await db.query<{
    stateHash: string;
    platformId: string;
    message: unknown;
    expiresAt: Date | string;
  }>(
    `DELETE FROM lti_launch_handoffs WHERE code_hash = $1
     RETURNING state_hash AS "stateHash", platform_id AS "platformId", message,
               expires_at AS "expiresAt"`,
    [codeHash],
  );
  if (!row) return null;
  const message =
    typeof row.message === 'string' ? (JSON.parse(row.message) as unknown) : row.message;
  return { ...row, message, expiresAt: new Date(row.expiresAt) };
}
