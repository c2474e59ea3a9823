import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { CONVERSATION_TEXT } from '#shared/text';
import { rateLimitStore } from '../auth/throttle';
import { AppError } from '../http/errors';
import type { Services } from '../services';

export interface HintLimit {
  /** Counts one hint for the user, or throws `rate_limit:hints` when the hour's are used up. */
  spend(userId: string): Promise<void>;
  /** A hint that could not be given is not counted. */
  giveBack(userId: string): Promise<void>;
}

/**
 * Each hint is a model call on a paid provider, so hints have their own hourly allowance per
 * user (HINTS_PER_HOUR), counted in the database so it holds across instances. The count sits
 * in the rate-limit table, purged with the sign-in counters.
 */
export function createHintLimit({ db, config }: Pick<Services, 'db' | 'config'>): HintLimit {
  const perHour = config.limits.hintsPerHour;
  const limiter = new RateLimiterPostgres({
    ...rateLimitStore(db),
    keyPrefix: 'hints',
    points: perHour,
    duration: 60 * 60,
  });
  return {
    async spend(userId) {
      try {
        await limiter.consume(userId);
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
        throw new AppError('rate_limit:hints', CONVERSATION_TEXT.hintsUsedUp(perHour), seconds);
      }
    },
    async giveBack(userId) {
      await limiter.reward(userId, 1);
    },
  };
}
