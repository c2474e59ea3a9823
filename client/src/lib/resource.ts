import { useEffect, useState } from 'react';
import { createStore, useStore, type StoreApi } from 'zustand';

/**
 * The one way a screen loads its data. A resource holds the answer for one key at a time (a user
 * id, a session id, a scenario id): loading another key drops the old answer at once, so one
 * user's data never shows to another; only the newest request may write, so a slow answer to an
 * old request or an old click loses; and a refresh keeps the answer on screen until the new one
 * arrives, so nothing flashes back to "Loading...".
 */
export interface ResourceState<T> {
  /** Whose answer `data` is; null before the first load. */
  key: string | null;
  data: T | null;
  /** A request for `key` is in flight. */
  loading: boolean;
  /** A request for `key` has finished at least once, well or badly. */
  settled: boolean;
  /** What the last failure says to the user; cleared by the next answer. */
  error: string | null;
  /** A follow-up request (the next page) is in flight. */
  loadingMore: boolean;
}

/** Spec §8, screen by screen: what a failed load leaves behind. */
export interface LoadFailure<T> {
  /** Shown to the user; null when the failure is only logged. */
  message: string | null;
  /** Replaces what was shown; leave it out to keep the last answer. */
  data?: T;
}

export interface ResourceOptions<T> {
  fetch: (key: string) => Promise<T>;
  /** Logs what needs logging and says what the user sees instead. */
  onError: (error: unknown, key: string) => LoadFailure<T>;
}

export interface Resource<T> {
  readonly store: StoreApi<ResourceState<T>>;
  /** Loads (or refreshes) the answer for `key`. */
  load(key: string): Promise<void>;
  /**
   * A follow-up request whose answer is folded into the current one (a next page). It is
   * dropped if a load began meanwhile: it belongs to the old answer. Its failure is the
   * caller's to handle; nothing changes on screen.
   */
  loadMore(key: string, more: (data: T) => Promise<(data: T) => T>): Promise<void>;
}

const idle = {
  key: null,
  data: null,
  loading: false,
  settled: false,
  error: null,
  loadingMore: false,
} as const;

export function createResource<T>(options: ResourceOptions<T>): Resource<T> {
  const store = createStore<ResourceState<T>>()(() => ({ ...idle }));
  // Bumped by every load: a request may write only while its number is still the newest.
  let generation = 0;

  return {
    store,

    async load(key) {
      const request = ++generation;
      if (store.getState().key !== key) store.setState({ ...idle, key });
      // A follow-up still in flight belongs to the old answer and will be dropped.
      store.setState({ loading: true, loadingMore: false });
      try {
        const data = await options.fetch(key);
        if (request !== generation) return;
        store.setState({ data, loading: false, settled: true, error: null });
      } catch (error) {
        if (request !== generation) return;
        const failure = options.onError(error, key);
        store.setState({
          ...('data' in failure ? { data: failure.data ?? null } : {}),
          error: failure.message,
          loading: false,
          settled: true,
        });
      }
    },

    async loadMore(key, more) {
      const { key: current, data, loadingMore } = store.getState();
      if (current !== key || data === null || loadingMore) return;
      const request = generation;
      store.setState({ loadingMore: true });
      try {
        const fold = await more(data);
        if (request !== generation) return;
        store.setState((state) => ({ data: state.data === null ? null : fold(state.data) }));
      } finally {
        if (request === generation) store.setState({ loadingMore: false });
      }
    },
  };
}

/** What a screen sees of a resource: only the answer for its own key. */
export interface ResourceView<T> {
  data: T | null;
  loading: boolean;
  settled: boolean;
  error: string | null;
  loadingMore: boolean;
  /** Asks again; the current answer stays up until the new one is in. */
  reload: () => Promise<void>;
}

/**
 * Loads `key` when the screen mounts or the key changes, and shows only that key's answer. A
 * null key loads nothing (there is nothing to ask for yet, or the screen does not need it). A
 * change of `version` asks again for the same key, keeping the answer up meanwhile: for data
 * the screen knows has changed elsewhere.
 */
export function useResource<T>(
  resource: Resource<T>,
  key: string | null,
  version?: string | number,
): ResourceView<T> {
  const state = useStore(resource.store);
  useEffect(() => {
    if (key !== null) void resource.load(key);
  }, [resource, key, version]);
  const mine = key !== null && state.key === key;
  return {
    data: mine ? state.data : null,
    loading: mine && state.loading,
    settled: mine && state.settled,
    error: mine ? state.error : null,
    loadingMore: mine && state.loadingMore,
    reload: () => (key === null ? Promise.resolve() : resource.load(key)),
  };
}

/**
 * A resource that lives and dies with one screen (nothing worth keeping across visits). The
 * options are read once, when the screen mounts.
 */
export function useScreenResource<T>(
  options: ResourceOptions<T>,
  key: string | null,
  version?: string | number,
): ResourceView<T> {
  const [resource] = useState(() => createResource(options));
  return useResource(resource, key, version);
}
