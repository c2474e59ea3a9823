import type { Queryable } from './db';

/** What is counted per user per hour in `hourly_usage` (migrations/0011). */
export type HourlyKind = 'ai_budget' | 'branches';

/** A window lasts an hour from the first use after the previous one ran out. */
const WINDOW = `interval '1 hour'`;
/** The row's window has run out: what it counted no longer counts. */
const EXPIRED = `u.window_start <= now() - ${WINDOW}`;

export type HourlySpend = { spent: true } | { spent: false; retryAfterSeconds: number };

/** A spend to make inside another statement (see spendHourlyCtes). */
export interface HourlyCharge {
  userId: string;
  kind: HourlyKind;
  amount: number;
  limit: number;
}

/**
 * The spend as two CTEs, `prior` (the row as the statement found it) and `spend` (one row
 * when spent), for a statement of the caller's: `$n` are the parameter numbers holding the
 * charge's user, kind, amount and limit, and `when` a condition that must hold too (another
 * CTE's outcome). The upsert locks the user's row, and its WHERE reads the row as it is then,
 * so two instances spending at once cannot both take the last of it.
 */
export function spendHourlyCtes(
  $: { user: string; kind: string; amount: string; limit: string },
  when = 'true',
): string {
  return `prior AS (
       SELECT window_start FROM hourly_usage WHERE user_id = ${$.user}::uuid AND kind = ${$.kind}::text
     ), spend AS (
       INSERT INTO hourly_usage AS u (user_id, kind, window_start, used)
       SELECT ${$.user}::uuid, ${$.kind}::text, now(), ${$.amount}::int
        WHERE ${$.amount}::int <= ${$.limit}::int AND ${when}
       ON CONFLICT (user_id, kind) DO UPDATE SET
         window_start = CASE WHEN ${EXPIRED} THEN now() ELSE u.window_start END,
         used = CASE WHEN ${EXPIRED} THEN ${$.amount}::int ELSE u.used + ${$.amount}::int END
       WHERE CASE WHEN ${EXPIRED} THEN 0 ELSE u.used END + ${$.amount}::int <= ${$.limit}::int
       RETURNING 1
     )`;
}

/** Beside spendHourlyCtes: whether it spent, and the seconds until the window runs out. */
export const SPENT_COLUMNS = `EXISTS (SELECT 1 FROM spend) AS spent,
  ceil(extract(epoch FROM (SELECT window_start FROM prior) + ${WINDOW} - now()))::int
    AS "retryAfter"`;

/** The answer of a statement that ran spendHourlyCtes, from its SPENT_COLUMNS. */
export function hourlySpendOf(
  row: { spent: boolean | null; retryAfter: number | null } | undefined,
): HourlySpend {
  if (row?.spent) return { spent: true } as const;
  // No row (an amount over the whole limit) or a window that just ran out: a full hour is the
  // honest upper bound.
  const seconds = row?.retryAfter ?? 3600;
  return { spent: false, retryAfterSeconds: seconds > 0 ? seconds : 3600 };
}

/**
 * Spends `amount` of the user's hourly allowance of `kind` if `limit` still covers it, in one
 * statement. Refused, nothing is spent and the answer says when the window runs out (read from
 * the row as this statement found it).
 */
export async function spendHourly(db: Queryable, input: HourlyCharge): Promise<HourlySpend> {
  const [row] = await db.query<{ spent: boolean; retryAfter: number | null }>(
    `WITH ${spendHourlyCtes({ user: '$1', kind: '$2', amount: '$3', limit: '$4' })}
     SELECT ${SPENT_COLUMNS}`,
    [input.userId, input.kind, input.amount, input.limit],
  );
  return hourlySpendOf(row);
}

/**
 * Gives back what was spent for something that could not be done (a failed model call). It
 * comes off the current window, never below nothing; if the window ran out meanwhile, the new
 * one starts that much lighter, which is harmless.
 */
export async function giveBackHourly(
  db: Queryable,
  input: { userId: string; kind: HourlyKind; amount: number },
): Promise<void> {
  await db.query(
    `UPDATE hourly_usage SET used = GREATEST(used - $3::int, 0)
      WHERE user_id = $1::uuid AND kind = $2::text`,
    [input.userId, input.kind, input.amount],
  );
}
