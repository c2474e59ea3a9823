/**
 * Each user's scenarios stamp (`ownScenariosStamp`), kept in memory so that a repeat
 * GET /api/scenarios costs no database round trip (decision 036).
 *
 * Freshness has two halves:
 * - A write on THIS instance calls `forget(userId)` (the writer's own list) or `forgetAll()`
 *   (a write others see: a scenario shared with an organisation) once it has committed, so the
 *   next request reads the stamp again.
 * - A write on ANOTHER instance is seen once the entry expires: a stamp is trusted for `ttlMs`
 *   from when its read began, so a write committed at time T is in every stamp read by a request
 *   that starts after T + ttlMs. A cross-instance bus (LISTEN/NOTIFY) can call the same two
 *   entry points to make that instant.
 *
 * A read that was under way when its user (or everyone) was forgotten is answered but not kept:
 * it may have started before the write committed.
 */
export interface ScenarioStamps {
  /** The kept stamp when fresh; otherwise `read` runs (callers meanwhile share that read). */
  get(userId: string, read: () => Promise<string>): Promise<string>;
  /** The user's next request reads their stamp again. */
  forget(userId: string): void;
  /** Every user's next request reads their stamp again. */
  forgetAll(): void;
  /** Stamps kept (tests and stats). */
  size(): number;
}

export interface ScenarioStampsOptions {
  /** How long a read stamp is trusted; 0 reads every time. */
  ttlMs: number;
  /** Users kept at most; the oldest entry goes first. */
  maxEntries?: number;
  /** Milliseconds; Date.now unless a test drives the clock. */
  now?: () => number;
}

interface Reading {
  promise: Promise<string>;
  startedAt: number;
}

export function createScenarioStamps({
  ttlMs,
  maxEntries = 50_000,
  now = Date.now,
}: ScenarioStampsOptions): ScenarioStamps {
  const kept = new Map<string, { stamp: string; until: number }>();
  /** The read of each user under way; one forgotten meanwhile is no longer here. */
  const reading = new Map<string, Reading>();

  function keep(userId: string, stamp: string, until: number) {
    kept.delete(userId);
    if (kept.size >= maxEntries) {
      // Maps iterate in insertion order: drop the oldest entry.
      const oldest = kept.keys().next().value;
      if (oldest !== undefined) kept.delete(oldest);
    }
    kept.set(userId, { stamp, until });
  }

  function startRead(userId: string, read: () => Promise<string>): Promise<string> {
    const startedAt = now();
    const entry: Reading = { promise: Promise.resolve(''), startedAt };
    entry.promise = read().then(
      (stamp) => {
        // Kept only if nobody forgot this user while it ran.
        if (reading.get(userId) === entry) {
          reading.delete(userId);
          if (ttlMs > 0) keep(userId, stamp, startedAt + ttlMs);
        }
        return stamp;
      },
      (error: unknown) => {
        if (reading.get(userId) === entry) reading.delete(userId);
        throw error;
      },
    );
    reading.set(userId, entry);
    return entry.promise;
  }

  return {
    get(userId, read) {
      const hit = kept.get(userId);
      if (hit) {
        if (hit.until > now()) return Promise.resolve(hit.stamp);
        kept.delete(userId);
      }
      return reading.get(userId)?.promise ?? startRead(userId, read);
    },
    forget(userId) {
      kept.delete(userId);
      reading.delete(userId);
    },
    forgetAll() {
      kept.clear();
      reading.clear();
    },
    size: () => kept.size,
  };
}
