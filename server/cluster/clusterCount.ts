import type { PerUserCount } from '../conversations/perUserCount';
import type { ClusterBus } from './bus';
import type { CountKind } from './messages';

/** Users per `counts` message when an instance says its whole state (well inside a payload). */
const USERS_PER_MESSAGE = 100;

/**
 * A per-user count over every instance: this instance's own, plus what each other instance last
 * said of its own (decision 037). Checking it costs no database round trip, so a turn pays
 * nothing for it on the way in; a change is told to the others in the next batched NOTIFY, and
 * only when there are others. Two instances admitting the same user's turns within that
 * NOTIFY's latency (about a millisecond) may both pass: these caps are cost-abuse guards, and
 * the hard limits (the hourly turn quota, the AI budget) are counted in rows, atomically.
 * What a vanished instance held is forgotten once it goes quiet (bus.ts: PEER_TIMEOUT_MS).
 */
export function createClusterCount(
  bus: ClusterBus,
  kind: CountKind,
): PerUserCount & {
  /** What this instance alone holds (tests, logs). */
  local(userId: string): number;
} {
  const own = new Map<string, number>();
  const others = new Map<string, Map<string, number>>();
  /** Tells the others this user's count here (batched with the rest of this tick by the bus). */
  function tell(userId: string) {
    bus.publish({ type: 'counts', kind, reset: false, counts: [[userId, own.get(userId) ?? 0]] });
  }

  bus.on('counts', (message, from) => {
    if (message.kind !== kind) return;
    let theirs = others.get(from);
    if (!theirs || message.reset) others.set(from, (theirs = new Map()));
    for (const [userId, n] of message.counts) {
      if (n > 0) theirs.set(userId, n);
      else theirs.delete(userId);
    }
  });
  bus.onPeerGone((peer) => others.delete(peer));
  bus.onSync(() => {
    const users = [...own];
    // Even with nothing held, the reset says "forget what I said before".
    for (let i = 0; i === 0 || i < users.length; i += USERS_PER_MESSAGE) {
      bus.publish({
        type: 'counts',
        kind,
        reset: i === 0,
        counts: users.slice(i, i + USERS_PER_MESSAGE),
      });
    }
  });

  return {
    running(userId) {
      let total = own.get(userId) ?? 0;
      for (const theirs of others.values()) total += theirs.get(userId) ?? 0;
      return total;
    },
    local: (userId) => own.get(userId) ?? 0,
    start(userId) {
      own.set(userId, (own.get(userId) ?? 0) + 1);
      tell(userId);
    },
    finish(userId) {
      const left = (own.get(userId) ?? 1) - 1;
      if (left > 0) own.set(userId, left);
      else own.delete(userId);
      tell(userId);
    },
  };
}
