import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { Db } from '../db/db';
import { AUTH_TEXT } from '../../shared/text';
import { AppError } from '../http/errors';

/**
 * Sign-in and sign-up throttling, counted in the database so every instance shares the
 * counters. rate-limiter-flexible talks to a pg-style client; `db.raw` gives it one on any of
 * our three drivers.
 */
export interface AuthThrottle {
  /** Throws a rate_limit AppError when the IP or the email has had too many attempts. */
  consume(input: { ip: string; email: string | null }): Promise<void>;
  /** A successful sign-in clears the email's counter. */
  reset(email: string): Promise<void>;
}

export interface ThrottleLimits {
  perIpPoints: number;
  perIpSeconds: number;
  perEmailPoints: number;
  perEmailSeconds: number;
}

export const DEFAULT_THROTTLE: ThrottleLimits = {
  perIpPoints: 30,
  perIpSeconds: 15 * 60,
  perEmailPoints: 8,
  perEmailSeconds: 15 * 60,
};

export function createAuthThrottle(
  db: Db,
  limits: ThrottleLimits = DEFAULT_THROTTLE,
): AuthThrottle {
  const storeClient = {
    query: (q: { text: string; values?: unknown[] }) => db.raw(q.text, q.values),
  };
  const common = {
    storeClient,
    storeType: 'client',
    tableName: 'auth_rate_limits',
    tableCreated: true,
  };
  const byIp = new RateLimiterPostgres({
    ...common,
    keyPrefix: 'ip',
    points: limits.perIpPoints,
    duration: limits.perIpSeconds,
    clearExpiredByTimeout: false,
  });
  const byEmail = new RateLimiterPostgres({
    ...common,
    keyPrefix: 'email',
    points: limits.perEmailPoints,
    duration: limits.perEmailSeconds,
    clearExpiredByTimeout: false,
  });

  return {
    async consume({ ip, email }) {
      try {
        await byIp.consume(ip);
        if (email) await byEmail.consume(email);
      } catch (error) {
        if (error instanceof RateLimiterRes) {
          const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
          throw new AppError('rate_limit:sign_in', AUTH_TEXT.tooManyAttempts(seconds), seconds);
        }
        throw error;
      }
    },
    async reset(email) {
      await byEmail.delete(email);
    },
  };
}
