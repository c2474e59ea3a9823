import type { ClusterBus } from './bus';

/**
 * Where a change to a user's scenarios reaches the other instances. The per-instance cache of
 * a user's scenarios stamp (being built separately) registers its `forget(userId)` here with
 * `onScenariosChanged`; whoever changes a user's scenarios calls `scenariosChanged`, which
 * forgets here at once and tells the other instances to forget too.
 */
export interface ScenariosChanged {
  /** The user's scenarios changed on this instance. */
  scenariosChanged(userId: string): void;
  /** `forget` runs for every change, made here or on another instance. */
  onScenariosChanged(forget: (userId: string) => void): () => void;
}

export function createScenariosChanged(bus: ClusterBus): ScenariosChanged {
  const forgetters = new Set<(userId: string) => void>();
  const forget = (userId: string) => {
    for (const f of forgetters) f(userId);
  };
  bus.on('scenarios_changed', ({ userId }) => forget(userId));
  return {
    scenariosChanged(userId) {
      bus.publish({ type: 'scenarios_changed', userId });
      forget(userId);
    },
    onScenariosChanged(f) {
      forgetters.add(f);
      return () => forgetters.delete(f);
    },
  };
}
