import type { Queryable } from '../db/db';
import { listOidcIssuers } from '../db/oidcIdentities';
import { passwordSignInRefused } from '../db/passwordSignIn';
import type { SsoProviders } from './providers';
import { normalIssuer } from './providers';

/**
 * How an account signs in, for the account page (decision 050): whether it has a password,
 * whether an organisation forbids one, and the school sign-ins linked to it, named by their
 * button's label (an issuer no longer configured by its host).
 */
export async function signInMethods(
  deps: { db: Queryable; sso: SsoProviders },
  { userId }: { userId: string },
): Promise<{
  hasPassword: boolean;
  passwordSignIn: boolean;
  linkedSignIns: Array<{ label: string; linkedAt: string }>;
  schoolSignIns: Array<{ id: string; label: string; linked: boolean }>;
}> {
  const [[row], refused, issuers] = await Promise.all([
    deps.db.query<{ hasPassword: boolean }>(
      'SELECT password_hash IS NOT NULL AS "hasPassword" FROM users WHERE id = $1',
      [userId],
    ),
    passwordSignInRefused(deps.db, { userId }),
    listOidcIssuers(deps.db, { userId }),
  ]);
  // Two ids at one issuer (unusual): the first listed names it.
  const labels = new Map(
    deps.sso
      .list()
      .reverse()
      .map(({ id, label }) => [normalIssuer(deps.sso.get(id)!.issuer), label]),
  );
  const linkedIssuers = new Set(issuers.map(({ issuer }) => normalIssuer(issuer)));
  return {
    hasPassword: row?.hasPassword ?? false,
    passwordSignIn: !refused,
    linkedSignIns: issuers.map(({ issuer, linkedAt }) => ({
      label: labels.get(normalIssuer(issuer)) ?? hostOf(issuer),
      linkedAt: linkedAt.toISOString(),
    })),
    schoolSignIns: deps.sso.list().map(({ id, label }) => ({
      id,
      label,
      linked: linkedIssuers.has(normalIssuer(deps.sso.get(id)!.issuer)),
    })),
  };
}

function hostOf(issuer: string): string {
  try {
    return new URL(issuer).host;
  } catch {
    return issuer;
  }
}
