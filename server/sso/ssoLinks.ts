import type { Db } from '../db/db';
import {
  getUserByOidcIdentity,
  linkOidcIdentity,
  listOidcIdentitiesOfUser,
  unlinkOidcIssuers,
} from '../db/oidcIdentities';
import { passwordSignInRefused } from '../db/passwordSignIn';
import { AppError } from '../http/errors';
import { normalIssuer } from './providers';

/**
 * Linking and unlinking a school identity from the account page (decision 050's addendum).
 * Linking needs no address to match: the person signed in to the account here and to the
 * identity at the provider, in the same browser, within one flow. Unlinking must leave a way in.
 */

/**
 * How many ways to sign in from the sign-in page an account would keep once its identity at
 * `removing` is gone: its password, unless an organisation of theirs refuses passwords, and each
 * identity at an issuer still configured here. LMS identities (kind `lti`) are never listed:
 * they sign in only through a launch from the LMS, not from our sign-in page, so an account
 * kept only by them could not be reached by its owner from here. Issuers compare normalised.
 */
export function signInWaysAfterUnlink(input: {
  hasPassword: boolean;
  /** False when an organisation of theirs turned password sign-in off. */
  passwordSignIn: boolean;
  /** The issuers of the account's OpenID identities, as stored. */
  identityIssuers: readonly string[];
  /** The configured issuers, normalised (SsoProviders.issuers). */
  configuredIssuers: ReadonlySet<string>;
  removing: string;
}): number {
  const removing = normalIssuer(input.removing);
  const identities = input.identityIssuers
    .map(normalIssuer)
    .filter((issuer) => issuer !== removing && input.configuredIssuers.has(issuer)).length;
  return identities + (input.hasPassword && input.passwordSignIn ? 1 : 0);
}

export type LinkOutcome = 'linked' | 'already_linked';

/**
 * Links the identity a link flow came back with to the account that started it, whatever the
 * addresses say. Already this account's: nothing to do. Another account's: refused, nothing
 * changes (that account's owner proved the identity first). The account already linked to
 * another person at this issuer: refused too, the rule of sign-in (one person per issuer).
 */
export async function linkIdentityToAccount(
  db: Db,
  input: { issuer: string; subject: string; userId: string },
): Promise<LinkOutcome> {
  const { issuer, subject, userId } = input;
  return db.transaction(async (tx) => {
    // One link or unlink of an account at a time: the checks below hold until commit.
    await tx.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId]);
    const owner = await getUserByOidcIdentity(tx, { issuer, subject });
    if (owner?.id === userId) return 'already_linked' as const;
    if (owner) throw new AppError('conflict:sso_linked_elsewhere');
    const mine = await listOidcIdentitiesOfUser(tx, { userId });
    if (mine.some((identity) => normalIssuer(identity.issuer) === normalIssuer(issuer)))
      throw new AppError('conflict:sso_provider_linked');
    // Another account may have linked it since the check: the primary key decides.
    if (!(await linkOidcIdentity(tx, { issuer, subject, userId })))
      throw new AppError('conflict:sso_linked_elsewhere');
    return 'linked' as const;
  });
}

/**
 * Unlinks the account from a configured provider: 404 when it is not linked there, 409 when it
 * would leave the account no way to sign in from the sign-in page.
 */
export async function unlinkProvider(
  deps: { db: Db; configuredIssuers: ReadonlySet<string> },
  input: { userId: string; issuer: string },
): Promise<void> {
  const { userId } = input;
  await deps.db.transaction(async (tx) => {
    const [user] = await tx.query<{ hasPassword: boolean }>(
      'SELECT password_hash IS NOT NULL AS "hasPassword" FROM users WHERE id = $1 FOR UPDATE',
      [userId],
    );
    if (!user) throw new AppError('unauthorized:session');
    const identities = await listOidcIdentitiesOfUser(tx, { userId });
    const removing = normalIssuer(input.issuer);
    const here = identities.filter((identity) => normalIssuer(identity.issuer) === removing);
    if (here.length === 0) throw new AppError('not_found:sso_identity');
    const ways = signInWaysAfterUnlink({
      hasPassword: user.hasPassword,
      passwordSignIn: !(await passwordSignInRefused(tx, { userId })),
      identityIssuers: identities.map((identity) => identity.issuer),
      configuredIssuers: deps.configuredIssuers,
      removing,
    });
    if (ways === 0) throw new AppError('conflict:sso_last_sign_in');
    await unlinkOidcIssuers(tx, { userId, issuers: here.map((identity) => identity.issuer) });
  });
}
