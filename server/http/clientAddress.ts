import type { Request } from 'express';

/**
 * The address a request comes from, as throttling counts it: Express's `req.ip`, which follows
 * X-Forwarded-For only as far as TRUST_PROXY allows.
 */
export function clientAddress(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}
