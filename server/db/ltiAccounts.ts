import type { Db, Queryable } from './db';

/**
 * Accounts of people who arrive from an LMS (decision 051): found again by their identity at
 * the platform (kind 'lti', the issuer and their `sub`), never by an email the LMS asserts.
 */

export async function findLtiUser(
  db: Queryable,
  input: { issuer: string; subject: string },
): Promise<string | null> {
  const [row] = await db.query<{ userId: string }>(
    `SELECT user_id AS "userId" FROM external_identities
      WHERE kind = 'lti' AND issuer = $1 AND subject = $2`,
    [input.issuer, input.subject],
  );
  return row?.userId ?? null;
}

/**
 * Links an LMS identity to an existing account (the organisation's trainer, signed in when
 * they launched). False when the identity is linked already (to anyone).
 */
export async function linkLtiIdentity(
  db: Queryable,
  input: { issuer: string; subject: string; userId: string },
): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO external_identities (kind, issuer, subject, user_id) VALUES ('lti', $1, $2, $3)
     ON CONFLICT DO NOTHING RETURNING 1`,
    [input.issuer, input.subject, input.userId],
  );
  return rows.length > 0;
}

/**
 * A new account without a password for an LMS identity, linked in the same transaction. The
 * LMS's email is kept only when no account uses it, and unconfirmed (so ChairTalk sends it no
 * mail others cause); else the account gets an address that can receive nothing. Racing first
 * launches of one person end with one account: the loser's insert is rolled back.
 */
export async function createLtiUser(
  db: Db,
  input: { issuer: string; subject: string; fullName: string; email: string | null },
): Promise<string> {
  const existing = await findLtiUser(db, input);
  if (existing) return existing;
  try {
    return await db.transaction(async (tx) => {
      const placeholder = `lti-${crypto.randomUUID()}@lti.invalid`;
      const [user] = await tx.query<{ id: string }>(
        `INSERT INTO users (email, full_name, password_hash)
         SELECT CASE WHEN $1::text IS NOT NULL
                      AND NOT EXISTS (SELECT 1 FROM users WHERE email = $1) THEN $1 ELSE $2 END,
                $3, NULL
         RETURNING id`,
        [input.email, placeholder, input.fullName],
      );
      await tx.query(
        `INSERT INTO external_identities (kind, issuer, subject, user_id) VALUES ('lti', $1, $2, $3)`,
        [input.issuer, input.subject, user!.id],
      );
      return user!.id;
    });
  } catch (error) {
    // Another launch of the same person (or a racing sign-up of the same email) won.
    const linked = await findLtiUser(db, input);
    if (linked) return linked;
    throw error;
  }
}
