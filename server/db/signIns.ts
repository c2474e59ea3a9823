import type { InterfaceLocale } from '#shared/i18n/locales';
import type { Queryable } from './db';

export interface SignedInUser {
  id: string;
  email: string;
  fullName: string;
  /** Drives the dashboard's reminder to confirm the address (decision 042). */
  emailVerified: boolean;
  /** The interface language they chose (decision 049): requests and mail use it. */
  locale: InterfaceLocale | null;
}

export interface SignInWithUser {
  signInId: string;
  expiresAt: Date;
  user: SignedInUser;
}

export async function insertSignIn(
  db: Queryable,
  input: { id: string; userId: string; expiresAt: Date },
): Promise<void> {
  await db.query('INSERT INTO user_sessions (id, user_id, expires_at) VALUES ($1, $2, $3)', [
    input.id,
    input.userId,
    input.expiresAt,
  ]);
}

export async function getSignInWithUser(
  db: Queryable,
  { id }: { id: string },
): Promise<SignInWithUser | null> {
  const [row] = await db.query<{
    signInId: string;
    expiresAt: Date;
    userId: string;
    email: string;
    fullName: string;
    emailVerified: boolean;
    locale: InterfaceLocale | null;
  }>(
    `SELECT s.id AS "signInId", s.expires_at AS "expiresAt",
            u.id AS "userId", u.email, u.full_name AS "fullName",
            u.email_verified_at IS NOT NULL AS "emailVerified", u.locale
       FROM user_sessions s JOIN users u ON u.id = s.user_id
      WHERE s.id = $1`,
    [id],
  );
  if (!row) return null;
  return {
    signInId: row.signInId,
    expiresAt: new Date(row.expiresAt),
    user: {
      id: row.userId,
      email: row.email,
      fullName: row.fullName,
      emailVerified: row.emailVerified,
      locale: row.locale,
    },
  };
}

export async function extendSignIn(
  db: Queryable,
  input: { id: string; expiresAt: Date },
): Promise<void> {
  await db.query('UPDATE user_sessions SET expires_at = $2 WHERE id = $1', [
    input.id,
    input.expiresAt,
  ]);
}

/** Whether sign-in `id` was made in the last `seconds` (migration 0028). */
export async function signedInWithin(
  db: Queryable,
  input: { id: string; seconds: number },
): Promise<boolean> {
  const [row] = await db.query(
    `SELECT 1 FROM user_sessions
      WHERE id = $1 AND signed_in_at > now() - make_interval(secs => $2::float8)`,
    [input.id, input.seconds],
  );
  return row !== undefined;
}

export async function deleteSignIn(db: Queryable, { id }: { id: string }): Promise<void> {
  await db.query('DELETE FROM user_sessions WHERE id = $1', [id]);
}
