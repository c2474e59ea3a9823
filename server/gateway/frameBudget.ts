/**
 * How many frames a socket may still send: a token bucket that refills `perSecond` tokens a
 * second up to `burst`. One client flooding its socket must not slow everybody else's turns
 * (they share the event loop), while a burst (a header and its audio, a quick cancel after a
 * turn) stays well inside it.
 */
export interface FrameBudget {
  /** Spends one frame at time `nowMs`; false when the budget is gone. */
  take(nowMs: number): boolean;
}

export function createFrameBudget(
  limits: { perSecond: number; burst: number },
  startMs: number,
): FrameBudget {
  let tokens = limits.burst;
  let last = startMs;
  return {
    take(nowMs) {
      const elapsed = Math.max(0, nowMs - last);
      last = Math.max(last, nowMs);
      tokens = Math.min(limits.burst, tokens + (elapsed * limits.perSecond) / 1000);
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}
