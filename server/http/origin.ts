import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';

/**
 * Same-origin check for cookie-authenticated writes and socket upgrades: SameSite=Lax stops
 * most cross-site requests, and this closes the rest (WebSockets ignore SameSite entirely).
 * A request without an Origin header (curl, server-to-server) is not a browser attack.
 *
 * An origin is scheme, host and port, compared whole: `https://` or `ftp://` on our host, a
 * page on another port, or a value with credentials, a path or a trailing slash (which no
 * browser sends) are refused. Our own scheme is https on a TLS connection or when the proxy in
 * front says so in X-Forwarded-Proto; a browser cannot set that header on a cross-site request
 * without a preflight this server never grants, so it needs no TRUST_PROXY to be believed.
 */
export function isAllowedOrigin(req: IncomingMessage, allowed: readonly string[]): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  const claimed = serializedOrigin(origin);
  if (claimed === null) return false;
  if (claimed === ownOrigin(req)) return true;
  return allowed.includes(claimed);
}

/** The origin exactly as a browser serializes it, or null for anything else. */
function serializedOrigin(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  // "null", userinfo, paths, default ports spelt out, upper case: not what a browser sends.
  return url.origin === value ? value : null;
}

function ownOrigin(req: IncomingMessage): string | null {
  const host = req.headers.host;
  if (!host) return null;
  const forwarded = req.headers['x-forwarded-proto'];
  const proto = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  const scheme = (req.socket as TLSSocket).encrypted || proto === 'https' ? 'https' : 'http';
  try {
    return new URL(`${scheme}://${host}`).origin;
  } catch {
    return null;
  }
}
