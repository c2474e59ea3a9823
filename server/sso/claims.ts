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
 * out, and an address nobody proved is no ground to open someone's account.
 */
export function readPersonClaims(claims: Record<string, unknown>): PersonClaims {
  const email = emailSchema.safeParse(claims.email);
  const verifiedEmail = email.success && claims.email_verified === true ? email.data : null;
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
