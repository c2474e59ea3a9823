import type { RateLimiterPostgres } from 'rate-limiter-flexible';
import type { Db } from '../db/db';
import { ORGANISATION_TEXT } from '#shared/text';
import { AppError } from '../http/errors';
import { counter, waiting } from './throttle';
import { backoffSeconds } from './throttleLimits';

/**
 * Throttling of invite-code guesses on the join route, counted in the database like
 * sign-in throttling (server/auth/throttle.ts), so it holds across instances. Wrong codes count
 * per address and per account: past `failuresBeforeBackoff` in a window, that address (or
 * account) waits before trying any code again, twice as long after each further wrong one.
 *
 * Every attempt is counted before the code is looked up, so a burst sent together cannot all
 * slip past the count, and a code that turns out usable is given back: joining never costs a
 * legitimate trainee anything. A right code does not wipe the failures before it, or a guesser
 * holding one real code could reset the count with it between guesses. While an address or
 * account waits, the right code waits too (decision 026): an answer that told it apart would
 * let the guessing go on at full speed.
 */
export interface JoinThrottleLimits {
  /** Wrong codes one address, or one account, may try per window before it waits. */
  failuresBeforeBackoff: number;
  windowSeconds: number;
  /** The first wait; each further wrong code doubles it, up to the longest. */
  backoffSeconds: number;
  maxBackoffSeconds: number;
}

export interface JoinThrottle {
  /** Before looking a code up: refuses (429) an address or account that must wait, then counts. */
  beforeJoin(input: { address: string; userId: string }): Promise<void>;
  /** The code was not usable: the counted attempt stays, and past the allowance a wait starts. */
  joinFailed(input: { address: string; userId: string }): Promise<void>;
  /** The code was usable (joined, or already a member, or one's own): the attempt is given back. */
  joinFound(input: { address: string; userId: string }): Promise<void>;
}

function tooMany(seconds: number): AppError {
  return new AppError('rate_limit:join', ORGANISATION_TEXT.tooManyCodes(seconds), seconds);
}

export function createJoinThrottle(db: Db, limits: JoinThrottleLimits): JoinThrottle {
  const keys = (input: { address: string; userId: string }) => [
    `address:${input.address}`,
    `account:${input.userId}`,
  ];
  const attempts = counter(db, 'join', limits.windowSeconds);
  const waits = counter(db, 'block_join', limits.maxBackoffSeconds);
  const waitAfter = (count: number) => backoffSeconds(count, limits.failuresBeforeBackoff, limits);
  const impose = async (store: RateLimiterPostgres, key: string, seconds: number) => {
    if (seconds > 0) await store.block(key, seconds);
  };

  return {
    async beforeJoin(input) {
      const ids = keys(input);
      const wait = Math.max(...(await Promise.all(ids.map((k) => waits.get(k)))).map(waiting));
      if (wait > 0) throw tooMany(wait);
      const counted = await Promise.all(ids.map((k) => attempts.penalty(k)));
      // Beyond the allowance already (requests sent together): refused before the lookup.
      const over = counted.map((c) => c.consumedPoints - limits.failuresBeforeBackoff);
      if (over.some((n) => n > 0)) {
        const seconds = Math.max(...counted.map((c) => waitAfter(c.consumedPoints)));
        await Promise.all(
          ids.map((k, i) => impose(waits, k, waitAfter(counted[i]!.consumedPoints))),
        );
        throw tooMany(seconds);
      }
    },

    async joinFailed(input) {
      const ids = keys(input);
      const now = await Promise.all(ids.map((k) => attempts.get(k)));
      await Promise.all(
        ids.map((k, i) => impose(waits, k, waitAfter(now[i]?.consumedPoints ?? 0))),
      );
    },

    async joinFound(input) {
      await Promise.all(keys(input).map((k) => attempts.reward(k, 1)));
    },
  };
}
