import type { Db } from '../db/db';
import {
  claimUnverifiedAccount,
  createSsoUser,
  getUserByOidcIdentity,
  linkOidcIdentity,
} from '../db/oidcIdentities';
import { getUserByEmail, type UserRow } from '../db/users';
import { AppError } from '../http/errors';
import { readPersonClaims } from './claims';

/**
 * The account a person the provider vouches for signs in to (decision 050), in this order:
 *   1. the account their identity (issuer + sub) is linked to;
 *   2. else, when the provider verified their address, the account with that address, which is
 *      linked from now on (and claimed from any squatter when we had not verified it);
 *   3. else a new account with that address, no password, the address confirmed.
 * An unverified address finds and makes nothing.
 */
export async function accountForIdentity(
  db: Db,
  input: {
    issuer: string;
    subject: string;
    claims: Record<string, unknown>;
    /** The provider's SSO_<ID>_TRUSTED_DOMAINS (readPersonClaims). */
    trustedDomains?: readonly string[];
  },
): Promise<{ user: UserRow; created: boolean; claimed: boolean }> {
  const { issuer, subject } = input;
  const linked = await getUserByOidcIdentity(db, { issuer, subject });
  if (linked) return { user: linked, created: false, claimed: false };
  const person = readPersonClaims(input.claims, input.trustedDomains);
  if (person.verifiedEmail === null) throw new AppError('forbidden:sso_email_unverified');
  const email = person.verifiedEmail;
  return db.transaction(async (tx) => {
    // Serialises two first sign-ins of one address (two tabs, two instances).
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`sso:${email}`]);
    const again = await getUserByOidcIdentity(tx, { issuer, subject });
    if (again) return { user: again, created: false, claimed: false };
    const existing = await getUserByEmail(tx, { email });
    if (existing) {
      // One person per issuer: another subject there already owns this account, and an
      // issuer that hands an address on to someone new must not hand them the account too.
      const [other] = await tx.query(
        `SELECT 1 FROM external_identities
          WHERE kind = 'oidc' AND issuer = $1 AND user_id = $2 AND subject <> $3`,
        [issuer, existing.id, subject],
      );
      if (other) throw new AppError('conflict:sso_other_identity');
      await linkOidcIdentity(tx, { issuer, subject, userId: existing.id });
      if (!existing.emailVerified) {
        await claimUnverifiedAccount(tx, { userId: existing.id });
        return {
          user: { ...existing, emailVerified: true, passwordHash: null },
          created: false,
          claimed: true,
        };
      }
      return { user: existing, created: false, claimed: false };
    }
    const created = await createSsoUser(tx, { email, fullName: person.fullName });
    // The advisory lock and the unique index leave no way for the address to be taken here.
    if (!created) throw new Error('sso: the address was taken inside its own lock');
    await linkOidcIdentity(tx, { issuer, subject, userId: created.id });
    return { user: created, created: true, claimed: false };
  });
}
