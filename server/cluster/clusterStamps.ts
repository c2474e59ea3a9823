import type { ScenarioStamps } from '../scenarios/stampCache';
import type { ClusterBus } from './bus';

/**
 * The scenarios stamps of this instance, told of writes on the others (decisions 036, 037):
 * every `forget` and `forgetAll` a route calls here, once its write has committed, is sent to
 * the other instances, which forget the same; so another instance's write shows at once rather
 * than when the stamp expires (SCENARIO_LIST_CACHE_SECONDS stays the bound when a NOTIFY is
 * lost, or on a Neon pooled endpoint).
 */
export function clusterStamps(stamps: ScenarioStamps, bus: ClusterBus): ScenarioStamps {
  bus.on('scenarios_changed', ({ userId }) => {
    if (userId === null) stamps.forgetAll();
    else stamps.forget(userId);
  });
  return {
    get: (userId, read) => stamps.get(userId, read),
    forget(userId) {
      stamps.forget(userId);
      bus.publish({ type: 'scenarios_changed', userId });
    },
    forgetAll() {
      stamps.forgetAll();
      bus.publish({ type: 'scenarios_changed', userId: null });
    },
    size: () => stamps.size(),
  };
}
