import type { SignedInUser } from './signIns';

/**
 * Remembers recently validated sessions for a few seconds, so a burst of requests from one
 * browser costs one database read instead of one each. The cost: a session deleted on ANOTHER
 * instance (sign-out there) stays usable here for at most `ttlMs`; on this instance sign-out
 * forgets it at once.
 */
export class SignInCache {
  private readonly entries = new Map<string, { user: SignedInUser; until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get(signInId: string, now = Date.now()): SignedInUser | null {
    const entry = this.entries.get(signInId);
    if (!entry) return null;
    if (entry.until <= now) {
      this.entries.delete(signInId);
      return null;
    }
    return entry.user;
  }

  /** `expiresAt` caps the entry: a session never outlives its own expiry in the cache. */
  set(signInId: string, user: SignedInUser, expiresAt: Date, now = Date.now()): void {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: drop the oldest entry.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(signInId, { user, until: Math.min(now + this.ttlMs, expiresAt.getTime()) });
  }

  delete(signInId: string): void {
    this.entries.delete(signInId);
  }

  /** Forgets every session of one account (a password reset signs it out everywhere). */
  deleteUser(userId: string): void {
    for (const [signInId, entry] of this.entries) {
      if (entry.user.id === userId) this.entries.delete(signInId);
    }
  }
}
