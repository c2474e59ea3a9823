/**
 * Which recordings a user keeps (docs/decisions/019): audio is kept for `retentionDays`, and a
 * user's recordings stay under `maxBytesPerUser` by dropping their oldest first, so the latest
 * sessions can always be replayed. A recording larger than the whole cap is not kept at all
 * (keeping it would mean dropping everything else for one turn).
 */

export interface KeptRecording {
  id: string;
  bytes: number;
  createdAt: Date;
}

export type KeepDecision =
  | { keep: false; reason: 'off' | 'empty' | 'too_large' }
  | {
      keep: true;
      /** Recordings to delete first: expired ones, then the oldest while over the cap. */
      drop: string[];
    };

export interface RetentionRule {
  retentionDays: number;
  maxBytesPerUser: number;
}

const DAY_MS = 86_400_000;

/** Recordings made before this are expired (with 0 days, everything is). */
export function expiryCutoff(now: Date, retentionDays: number): Date {
  return new Date(now.getTime() - retentionDays * DAY_MS);
}

export function isExpired(createdAt: Date, now: Date, retentionDays: number): boolean {
  return createdAt.getTime() <= expiryCutoff(now, retentionDays).getTime();
}

/** Whether a new recording of `incomingBytes` is kept, and what makes room for it. */
export function decideKeep(
  rule: RetentionRule,
  input: { incomingBytes: number; kept: readonly KeptRecording[]; now: Date },
): KeepDecision {
  if (rule.retentionDays === 0) return { keep: false, reason: 'off' };
  if (input.incomingBytes <= 0) return { keep: false, reason: 'empty' };
  if (input.incomingBytes > rule.maxBytesPerUser) return { keep: false, reason: 'too_large' };

  const expired: string[] = [];
  const live: KeptRecording[] = [];
  for (const recording of input.kept) {
    if (isExpired(recording.createdAt, input.now, rule.retentionDays)) expired.push(recording.id);
    else live.push(recording);
  }
  live.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1));
  let total = live.reduce((sum, r) => sum + r.bytes, 0) + input.incomingBytes;
  const oldest: string[] = [];
  for (const recording of live) {
    if (total <= rule.maxBytesPerUser) break;
    oldest.push(recording.id);
    total -= recording.bytes;
  }
  return { keep: true, drop: [...expired, ...oldest] };
}
