import { RateLimiterPostgres, type RateLimiterRes } from 'rate-limiter-flexible';
import type { Db } from '../db/db';
import { AUTH_TEXT } from '#shared/text';
import { AppError } from '../http/errors';
import { backoffSeconds, DEFAULT_THROTTLE, type ThrottleLimits } from './throttleLimits';

export { DEFAULT_THROTTLE, type ThrottleLimits } from './throttleLimits';

export const RATE_LIMIT_TABLE = 'auth_rate_limits';

/**
 * Sign-in and sign-up throttling, counted in the database so every instance shares the
 * counters (rate-limiter-flexible talks to a pg-style client; `db.raw` gives it one on any of
 * our three drivers).
 *
 * Failures count per (address, account): past a few, that address waits before trying that
 * account again, twice as long after each further failure. Attempts count per address, across
 * accounts, with the same doubling wait. So one address hammering an account slows only
 * itself, and the owner signing in from anywhere else gets in. Only a very high volume of
 * failures on one account from many addresses (a botnet) closes the account to everyone for
 * the rest of the hour: the one lockout an attacker can still cause, and an expensive one.
 */
export interface AuthThrottle {
  /**
   * Before checking a password: refuses (429) an address, pair or account that must wait, then
   * counts the attempt against the address.
   */
  beforeSignIn(input: { address: string; email: string }): Promise<void>;
  signInFailed(input: { address: string; email: string }): Promise<void>;
  /** The right password clears this address's failures on this account (and only those). */
  signInSucceeded(input: { address: string; email: string }): Promise<void>;
  /** Sign-ups count against the address too: probing which emails have accounts is slow. */
  beforeSignUp(input: { address: string }): Promise<void>;
}

/** rate-limiter-flexible's options for our table, through `db.raw` on any of the drivers. */
export function rateLimitStore(db: Db) {
  return {
    storeClient: {
      query: (q: { text: string; values?: unknown[] }) => db.raw(q.text, q.values),
    },
    storeType: 'client',
    tableName: RATE_LIMIT_TABLE,
    tableCreated: true,
    // Expired rows are purged by purgeExpiredRateLimits, on one timer per instance.
    clearExpiredByTimeout: false,
  };
}

/** A count of events per key in a fixed window (or, with block(), a wait). */
export function counter(db: Db, keyPrefix: string, seconds: number) {
  return new RateLimiterPostgres({
    ...rateLimitStore(db),
    keyPrefix,
    // Counting only (penalty never refuses): the limits are ours, applied to the counts it
    // returns. A wait stored with block() holds points + 1.
    points: 1,
    duration: seconds,
  });
}

/** Seconds left of a wait stored with block(); 0 when there is none. */
export function waiting(res: RateLimiterRes | null): number {
  // A wait is stored as a row with points above 0 until it expires.
  return res && res.consumedPoints > 0 ? Math.max(1, Math.ceil(res.msBeforeNext / 1000)) : 0;
}

function tooMany(seconds: number): AppError {
  return new AppError('rate_limit:sign_in', AUTH_TEXT.tooManyAttempts(seconds), seconds);
}

export function createAuthThrottle(
  db: Db,
  limits: ThrottleLimits = DEFAULT_THROTTLE,
): AuthThrottle {
  const addresses = counter(db, 'address', limits.addressWindowSeconds);
  const addressWaits = counter(db, 'block_address', limits.maxBackoffSeconds);
  const pairs = counter(db, 'pair', limits.failureWindowSeconds);
  const pairWaits = counter(db, 'block_pair', limits.maxBackoffSeconds);
  const accounts = counter(db, 'account', 60 * 60);
  const pair = (address: string, email: string) => `${address}|${email}`;

  const impose = async (waits: RateLimiterPostgres, key: string, seconds: number) => {
    if (seconds > 0) await waits.block(key, seconds);
  };

  /** Counts an attempt from the address; refuses one past the limit (a parallel burst). */
  const countAddress = async (address: string) => {
    const { consumedPoints } = await addresses.penalty(address);
    const wait = backoffSeconds(consumedPoints, limits.attemptsPerAddress, limits);
    await impose(addressWaits, address, wait);
    if (consumedPoints > limits.attemptsPerAddress) throw tooMany(wait);
  };

  return {
    async beforeSignIn({ address, email }) {
      const [addressWait, pairWait, account] = await Promise.all([
        addressWaits.get(address),
        pairWaits.get(pair(address, email)),
        accounts.get(email),
      ]);
      const wait = Math.max(waiting(addressWait), waiting(pairWait));
      if (wait > 0) throw tooMany(wait);
      if (account && account.consumedPoints >= limits.accountFailuresPerHour) {
        throw tooMany(Math.max(1, Math.ceil(account.msBeforeNext / 1000)));
      }
      await countAddress(address);
    },

    async signInFailed({ address, email }) {
      const key = pair(address, email);
      const [failures] = await Promise.all([pairs.penalty(key), accounts.penalty(email)]);
      await impose(
        pairWaits,
        key,
        backoffSeconds(failures.consumedPoints, limits.failuresBeforeBackoff, limits),
      );
    },

    async signInSucceeded({ address, email }) {
      const key = pair(address, email);
      await Promise.all([pairs.delete(key), pairWaits.delete(key)]);
    },

    async beforeSignUp({ address }) {
      const wait = waiting(await addressWaits.get(address));
      if (wait > 0) throw tooMany(wait);
      await countAddress(address);
    },
  };
}

/**
 * Deletes counters and waits whose time is over. rate-limiter-flexible ignores expired rows
 * but never removes them: without this the table keeps one row per address and email ever
 * tried.
 */
export async function purgeExpiredRateLimits(db: Db, nowMs = Date.now()): Promise<number> {
  const rows = await db.query<{ n: number }>(
    `WITH gone AS (DELETE FROM ${RATE_LIMIT_TABLE} WHERE expire <= $1 RETURNING 1)
     SELECT count(*)::int AS n FROM gone`,
    [nowMs],
  );
  return rows[0]?.n ?? 0;
}
