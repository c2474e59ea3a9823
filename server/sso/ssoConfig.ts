/**
 * The OpenID providers a school configures (decision 050): `SSO_PROVIDERS=keycloak,google`, then
 * for each id `SSO_<ID>_ISSUER`, `SSO_<ID>_CLIENT_ID`, `SSO_<ID>_CLIENT_SECRET` (optional: a
 * public client relies on PKCE alone) and `SSO_<ID>_LABEL` (the button's name). Pure: config.ts
 * turns the problems into one start-up error naming each variable.
 */

export interface SsoProviderConfig {
  /** Lower case letters, digits and dashes: it is a path segment of the redirect URI. */
  id: string;
  /** Shown on the button, "Sign in with <label>". */
  label: string;
  /** The issuer identifier; discovery reads `<issuer>/.well-known/openid-configuration`. */
  issuer: string;
  clientId: string;
  /** null: a public client (token endpoint auth "none", PKCE only). */
  clientSecret: string | null;
  /**
   * Domains whose addresses this provider vouches for without an `email_verified` claim
   * (`SSO_<ID>_TRUSTED_DOMAINS`, lower case; empty: none). See readPersonClaims.
   */
  trustedDomains: string[];
}

/** A DNS name: labels of letters, digits and inner dashes, at least two of them. */
const DOMAIN =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

const ID = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** `SSO_<ID>_<NAME>`: the id in capitals, dashes as underscores. */
export function ssoVariable(id: string, name: string): string {
  return `SSO_${id.toUpperCase().replaceAll('-', '_')}_${name}`;
}

/**
 * Plain http is allowed only on this machine (a Keycloak in development, the tests' provider):
 * anywhere else an issuer's keys and tokens would travel in the clear.
 */
export function issuerProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be a URL';
  }
  if (url.search || url.hash) return 'must have no query or fragment';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && LOOPBACK.has(url.hostname)) return null;
  return 'must be https:// (http:// only on localhost)';
}

export function parseSsoProviders(env: Record<string, string | undefined>): {
  providers: SsoProviderConfig[];
  problems: string[];
} {
  const list = (env.SSO_PROVIDERS ?? '').trim();
  if (list === '') return { providers: [], problems: [] };
  const providers: SsoProviderConfig[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const id of list.split(',').map((part) => part.trim())) {
    if (!ID.test(id)) {
      problems.push(
        `SSO_PROVIDERS: "${id}" must be lower case letters, digits and dashes (at most 40)`,
      );
      continue;
    }
    if (seen.has(id)) {
      problems.push(`SSO_PROVIDERS: "${id}" is listed twice`);
      continue;
    }
    seen.add(id);
    const read = (name: string) => {
      const value = env[ssoVariable(id, name)]?.trim();
      return value === undefined || value === '' ? null : value;
    };
    const issuer = read('ISSUER');
    const clientId = read('CLIENT_ID');
    const label = read('LABEL') ?? id;
    const before = problems.length;
    if (issuer === null) problems.push(`${ssoVariable(id, 'ISSUER')}: required`);
    else {
      const problem = issuerProblem(issuer);
      if (problem) problems.push(`${ssoVariable(id, 'ISSUER')}: ${problem}`);
    }
    if (clientId === null) problems.push(`${ssoVariable(id, 'CLIENT_ID')}: required`);
    if (label.length > 60) problems.push(`${ssoVariable(id, 'LABEL')}: at most 60 characters`);
    const trustedDomains = (read('TRUSTED_DOMAINS') ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => part !== '');
    for (const domain of trustedDomains.filter((d) => !DOMAIN.test(d)))
      problems.push(`${ssoVariable(id, 'TRUSTED_DOMAINS')}: "${domain}" is not a domain name`);
    if (problems.length > before) continue;
    providers.push({
      id,
      label,
      issuer: issuer!,
      clientId: clientId!,
      clientSecret: read('CLIENT_SECRET'),
      trustedDomains,
    });
  }
  return { providers, problems };
}
