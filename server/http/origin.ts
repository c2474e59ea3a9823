import type { IncomingMessage } from 'node:http';

/**
 * Same-origin check for cookie-authenticated writes and socket upgrades: SameSite=Lax stops
 * most cross-site requests, and this closes the rest (WebSockets ignore SameSite entirely).
 * A request without an Origin header (curl, server-to-server) is not a browser attack.
 */
export function isAllowedOrigin(req: IncomingMessage, allowed: readonly string[]): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  if (origin === 'null') return false;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return false;
  }
  if (host === req.headers.host) return true;
  return allowed.includes(origin.replace(/\/$/, ''));
}
