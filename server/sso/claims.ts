import { emailSchema, fullNameSchema } from '#shared/api/auth';
import { SSO_TEXT } from '#shared/text';

/**
 * What an id_token (or userinfo) says of a person, read for linking and for a new account
 * (decision 050). Pure: tests/unit/server/sso/claims.test.ts holds the table.
 */

export interface PersonClaims {
  /** The address, lower case, only when the provider says it verified it. */
  verifiedEmail: string | null;
  /** A name fit for an account: `name`, or given and family name, or the address's local part. */
  fullName: string;
}

/**
 * `email_verified` must be the boolean true: some providers send the string "true", or leave it
 * out, and an address nobody proved is no ground to open someone's account. One exception, for
 * a provider that never sends the claim (Microsoft Entra ID): an address in one of the
 * provider's `trustedDomains`, domains the school owns and whose every address that directory
 * issues, is as good as verified, unless the provider says outright that it is not. It may
 * come as `email`, else as `preferred_username` or `upn` (Entra's sign-in name).
 */
export function readPersonClaims(
  claims: Record<string, unknown>,
  trustedDomains: readonly string[] = [],
): PersonClaims {
  const email = emailSchema.safeParse(claims.email);
  const verifiedEmail =
    email.success && claims.email_verified === true
      ? email.data
      : claims.email_verified === undefined
        ? addressInDomains([claims.email, claims.preferred_username, claims.upn], trustedDomains)
        : null;
  const joined = [claims.given_name, claims.family_name]
    .filter((part): part is string => typeof part === 'string')
    .join(' ');
  const candidates = [claims.name, joined, claims.preferred_username];
  if (email.success) candidates.push(email.data.split('@')[0]);
  for (const candidate of candidates) {
    const name = fullNameSchema.safeParse(candidate);
    if (name.success) return { verifiedEmail, fullName: name.data };
  }
  return { verifiedEmail, fullName: SSO_TEXT.defaultName };
}

/** The first of `candidates` that is an address in one of `domains` (exact domain, any case). */
function addressInDomains(candidates: unknown[], domains: readonly string[]): string | null {
  if (domains.length === 0) return null;
  for (const candidate of candidates) {
    const address = emailSchema.safeParse(candidate);
    if (address.success && domains.includes(address.data.slice(address.data.lastIndexOf('@') + 1)))
      return address.data;
  }
  return null;
}
