/**
 * Things a user has running on this instance, over all their sockets: turns (the cost-abuse
 * guard for parallel sockets) and open conversation sockets. What must hold across instances,
 * such as the hourly quota, is counted by the database instead.
 */
export interface PerUserCount {
  running(userId: string): number;
  start(userId: string): void;
  finish(userId: string): void;
}

export function createPerUserCount(): PerUserCount {
  const byUser = new Map<string, number>();
  return {
    running: (userId) => byUser.get(userId) ?? 0,
    start(userId) {
      byUser.set(userId, (byUser.get(userId) ?? 0) + 1);
    },
    finish(userId) {
      const left = (byUser.get(userId) ?? 1) - 1;
      if (left > 0) byUser.set(userId, left);
      else byUser.delete(userId);
    },
  };
}
