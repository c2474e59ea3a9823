import type { InterfaceLocale } from '#shared/i18n/locales';
import type { Queryable } from './db';

export interface UserRow {
  id: string;
  email: string;
  fullName: string;
  /** Null for an account that only signs in through the school's systems (migration 0023). */
  passwordHash: string | null;
  emailVerified: boolean;
  /** The interface language they chose (decision 049), or null. */
  locale: InterfaceLocale | null;
}

const COLUMNS =
  'id, email, full_name AS "fullName", password_hash AS "passwordHash", ' +
  'email_verified_at IS NOT NULL AS "emailVerified", locale';

/** What the app may know of an account: never its password hash. */
export function publicUser(row: UserRow) {
  return {
    id: row.id,
    email: row.email,
    fullName: row.fullName,
    emailVerified: row.emailVerified,
    locale: row.locale,
  };
}

/** Returns null when the email is taken (the unique index decides, so it holds under races). */
export async function createUser(
  db: Queryable,
  input: { email: string; fullName: string; passwordHash: string },
): Promise<UserRow | null> {
  const [row] = await db.query<UserRow>(
    `INSERT INTO users (email, full_name, password_hash) VALUES ($1, $2, $3)
     ON CONFLICT (email) DO NOTHING
     RETURNING ${COLUMNS}`,
    [input.email, input.fullName, input.passwordHash],
  );
  return row ?? null;
}

export async function getUserByEmail(db: Queryable, { email }: { email: string }) {
  const [row] = await db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE email = $1`, [email]);
  return row ?? null;
}

export async function getUserById(db: Queryable, { id }: { id: string }) {
  const [row] = await db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE id = $1`, [id]);
  return row ?? null;
}

export interface AccountRow {
  id: string;
  email: string;
  fullName: string;
  emailVerified: boolean;
  pendingEmail: string | null;
  locale: InterfaceLocale | null;
}

/** The account page's view: the address's state and any new address waiting for its link. */
export async function getAccount(db: Queryable, { id }: { id: string }) {
  const [row] = await db.query<AccountRow>(
    `SELECT u.id, u.email, u.full_name AS "fullName",
            u.email_verified_at IS NOT NULL AS "emailVerified",
            CASE WHEN v.email <> u.email THEN v.email END AS "pendingEmail",
            u.locale
       FROM users u LEFT JOIN email_verifications v ON v.user_id = u.id AND v.expires_at > now()
      WHERE u.id = $1`,
    [id],
  );
  return row ?? null;
}

export async function setUserName(
  db: Queryable,
  input: { userId: string; fullName: string },
): Promise<void> {
  await db.query('UPDATE users SET full_name = $2 WHERE id = $1', [input.userId, input.fullName]);
}

export async function setUserLocale(
  db: Queryable,
  input: { userId: string; locale: InterfaceLocale },
): Promise<void> {
  await db.query('UPDATE users SET locale = $2 WHERE id = $1', [input.userId, input.locale]);
}

/** The saved interface language of each address that has an account (mail goes out in it). */
export async function localesByEmail(
  db: Queryable,
  { emails }: { emails: readonly string[] },
): Promise<Map<string, InterfaceLocale>> {
  if (emails.length === 0) return new Map();
  const rows = await db.query<{ email: string; locale: InterfaceLocale }>(
    'SELECT email, locale FROM users WHERE email = ANY($1::text[]) AND locale IS NOT NULL',
    [[...emails]],
  );
  return new Map(rows.map((row) => [row.email, row.locale]));
}
