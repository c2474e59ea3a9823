import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { compressOnce, type EncodedCopies } from '../http/compression';

/** A list serialised once, with its tag and its compressed copies. */
export interface EncodedList {
  bytes: Buffer;
  tag: string;
  encoded: EncodedCopies;
}

export interface ListCacheStats {
  /** Lists kept. */
  entries: number;
  /** Their bytes: each body and its compressed copies. */
  bytes: number;
  maxBytes: number;
}

export interface ListCache {
  /**
   * The list kept under `key` when it was built for `version`; otherwise `build` makes it once
   * (callers asking for the same key and version meanwhile share that build) and it replaces
   * whatever the key held.
   */
  get(key: string, version: string, build: () => Promise<Buffer>): Promise<EncodedList>;
  /** Whatever the key holds, of any version: for when the version cannot be read. */
  lastKept(key: string): EncodedList | undefined;
  /** Drops the key's list. */
  forget(key: string): void;
  stats(): ListCacheStats;
  /** Resolves once every build under way is kept (or dropped): stats then count it. */
  settled(): Promise<void>;
}

interface Kept {
  version: string;
  list: EncodedList;
}

/**
 * Lists kept in memory, bounded by bytes rather than by count: one author's list can be a
 * thousand times another's. The least recently used go first, and one list larger than the
 * whole budget is served but not kept. A key holds one version: callers key a user's list by
 * the user, so editing never piles up old copies.
 */
export function createListCache({ maxBytes }: { maxBytes: number }): ListCache {
  const kept = new LRUCache<string, Kept>({ maxSize: maxBytes });
  /** Builds under way, by key and version; each is gone once its copies are made. */
  const building = new Map<string, Promise<EncodedList>>();
  /**
   * The newest build of each key still under way: an older one that ends later must not put
   * its list back over a newer one (or over a key just forgotten).
   */
  const newest = new Map<string, number>();
  let builds = 0;
  const pending = new Set<Promise<void>>();

  function startBuild(key: string, version: string, build: () => Promise<Buffer>) {
    const id = `${key}\n${version}`;
    const number = ++builds;
    newest.set(key, number);
    const made = build().then((bytes): EncodedList => {
      const encoded = compressOnce(bytes);
      const tag = createHash('sha1').update(bytes).digest('base64url');
      return { bytes, tag, encoded };
    });
    building.set(id, made);
    // Kept once every copy is made, when its size is known; the request that asked for it does
    // not wait for the encodings it does not take.
    const keeping = made
      .then(async (list) => {
        const copies = await Promise.all(list.encoded.values());
        const size = copies.reduce((sum, copy) => sum + copy.length, list.bytes.length);
        if (newest.get(key) === number) kept.set(key, { version, list }, { size });
      })
      .catch(() => undefined)
      .finally(() => {
        building.delete(id);
        pending.delete(keeping);
        if (newest.get(key) === number) newest.delete(key);
      });
    pending.add(keeping);
    return made;
  }

  return {
    get(key, version, build) {
      const hit = kept.get(key);
      if (hit?.version === version) return Promise.resolve(hit.list);
      return building.get(`${key}\n${version}`) ?? startBuild(key, version, build);
    },
    lastKept: (key) => kept.get(key)?.list,
    forget(key) {
      kept.delete(key);
      newest.delete(key);
    },
    stats: () => ({ entries: kept.size, bytes: kept.calculatedSize, maxBytes }),
    async settled() {
      await Promise.all(pending);
    },
  };
}
