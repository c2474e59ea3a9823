/**
 * How long the conversation socket waits before its next attempt after a drop: capped
 * exponential backoff with jitter. Pure, so the failover benchmark's load client waits exactly
 * as the browser does (tests/helpers/resilientConversation.ts).
 */
export const FIRST_RETRY_MS = 500;
export const MAX_RETRY_MS = 10_000;

/** The wait before attempt `attempts` (1 for the first retry); `random` in [0, 1). */
export function reconnectDelayMs(attempts: number, random: number): number {
  const base = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** (attempts - 1));
  // Jitter keeps a restarted server from being hit by every tab at the same instant.
  return base * (0.8 + random * 0.4);
}
