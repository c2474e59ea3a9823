import { CONVERSATION_TEXT } from '#shared/text';
import type { Db } from '../db/db';
import { giveBackHourly, spendHourly, type HourlyCharge } from '../db/hourlyUsage';
import { AppError } from '../http/errors';
import { AI_COSTS, type AiUse } from './aiCosts';

/**
 * Each user's hourly AI budget (AI_BUDGET_PER_HOUR, decision 027): every model call a user can
 * cause is paid for here before it is made, at its price in aiCosts.ts. Counted in the database,
 * so the budget holds across instances.
 */
export interface AiBudget {
  /**
   * Pays for `use` from the user's hour, or throws `rate_limit:ai_budget` (with the wait) when
   * what is left cannot cover it; nothing is spent then.
   */
  spend(userId: string, use: AiUse): Promise<void>;
  /**
   * The same payment, for a statement that makes it together with its own write (a typed
   * turn pays for its reply in the statement that stores it: one round trip, not two).
   */
  charge(userId: string, use: AiUse): HourlyCharge;
  /** What `spend` throws, for a charge that was not paid. */
  refusal(retryAfterSeconds: number): AppError;
  /** A call that failed before it gave the user anything is not paid for. */
  giveBack(userId: string, use: AiUse): Promise<void>;
  /** How often a running Realtime call pays for its next minute: a minute (shorter in tests). */
  readonly realtimeMinuteMs: number;
}

export function createAiBudget(input: {
  db: Db;
  perHour: number;
  realtimeMinuteMs?: number;
}): AiBudget {
  const { db, perHour } = input;
  const charge = (userId: string, use: AiUse): HourlyCharge => ({
    userId,
    kind: 'ai_budget',
    amount: AI_COSTS[use],
    limit: perHour,
  });
  const refusal = (retryAfterSeconds: number) =>
    new AppError(
      'rate_limit:ai_budget',
      CONVERSATION_TEXT.aiBudgetUsedUp(Math.max(1, Math.ceil(retryAfterSeconds / 60))),
      retryAfterSeconds,
    );
  return {
    async spend(userId, use) {
      const result = await spendHourly(db, charge(userId, use));
      if (!result.spent) throw refusal(result.retryAfterSeconds);
    },
    charge,
    refusal,
    async giveBack(userId, use) {
      await giveBackHourly(db, { userId, kind: 'ai_budget', amount: AI_COSTS[use] });
    },
    realtimeMinuteMs: input.realtimeMinuteMs ?? 60_000,
  };
}
