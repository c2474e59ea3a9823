/**
 * The numbers behind sign-in throttling and the one rule that turns them into a wait. Kept
 * apart from the limiter itself so config.ts and the unit tests need no database.
 */
export interface ThrottleLimits {
  /** Failures one address may make on one account before it has to wait. */
  failuresBeforeBackoff: number;
  /** How long an address and account pair's failures are remembered. */
  failureWindowSeconds: number;
  /** Sign-in and sign-up attempts one address may make per window before it has to wait. */
  attemptsPerAddress: number;
  addressWindowSeconds: number;
  /** The first wait; each further failure (or attempt, for an address) doubles it. */
  backoffSeconds: number;
  maxBackoffSeconds: number;
  /**
   * Failures on one account from all addresses together, per hour, past which nobody may sign
   * in to it until the hour is over. Far above what per-address throttling lets one address do:
   * it only trips when many addresses guess at one account.
   */
  accountFailuresPerHour: number;
}

export const DEFAULT_THROTTLE: ThrottleLimits = {
  failuresBeforeBackoff: 5,
  failureWindowSeconds: 24 * 60 * 60,
  attemptsPerAddress: 30,
  addressWindowSeconds: 15 * 60,
  backoffSeconds: 60,
  maxBackoffSeconds: 60 * 60,
  accountFailuresPerHour: 500,
};

/**
 * How long to wait after the `count`-th failure when `allowed` come free: nothing before the
 * limit, then the first wait, doubling with every further failure up to the longest wait.
 */
export function backoffSeconds(
  count: number,
  allowed: number,
  limits: Pick<ThrottleLimits, 'backoffSeconds' | 'maxBackoffSeconds'>,
): number {
  if (count < allowed) return 0;
  const doublings = Math.min(count - allowed, 30);
  return Math.min(limits.maxBackoffSeconds, limits.backoffSeconds * 2 ** doublings);
}
