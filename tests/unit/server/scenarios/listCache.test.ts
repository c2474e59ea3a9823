import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createListCache } from '#server/scenarios/listCache';

/**
 * The scenario-list cache: bounded by the bytes of each body and its compressed
 * copies, one version per key, least recently used out first.
 */

/** Random bytes barely compress, so an entry costs about three times its body. */
const body = (bytes: number) => async () => randomBytes(bytes);

async function entrySize(bytes: number) {
  const cache = createListCache({ maxBytes: 1_000_000 });
  await cache.get('k', 'v', body(bytes));
  await cache.settled();
  return cache.stats().bytes;
}

describe('list cache', () => {
  it('counts a list as its body plus its brotli and gzip copies', async () => {
    const size = await entrySize(10_000);
    expect(size).toBeGreaterThan(3 * 10_000);
    expect(size).toBeLessThan(3 * 10_000 + 500);
  });

  it.each([
    // [budget in lists of this size, lists asked for in order, keys kept afterwards]
    ['all fit', 3, ['a', 'b', 'c'], ['a', 'b', 'c']],
    ['the least recently used goes first', 2, ['a', 'b', 'c'], ['b', 'c']],
    ['a list asked for again is used again', 2, ['a', 'b', 'a', 'c'], ['a', 'c']],
  ] as const)('%s', async (_label, fit, asked, keptKeys) => {
    const one = await entrySize(5_000);
    const cache = createListCache({ maxBytes: fit * one + Math.floor(one / 2) });
    for (const key of asked) {
      await cache.get(key, 'v1', body(5_000));
      await cache.settled();
    }
    for (const key of ['a', 'b', 'c'])
      expect(cache.lastKept(key) !== undefined, key).toBe(keptKeys.includes(key as never));
    expect(cache.stats().bytes).toBeLessThanOrEqual(cache.stats().maxBytes);
  });

  it('keeps one version per key: a new version replaces the old one', async () => {
    const cache = createListCache({ maxBytes: 1_000_000 });
    for (let version = 0; version < 20; version++) {
      await cache.get('author', String(version), body(5_000));
      await cache.settled();
    }
    expect(cache.stats().entries).toBe(1);
    expect(cache.stats().bytes).toBeLessThan(2 * 3 * 5_000);
  });

  it('serves the same version from memory, and builds a new one', async () => {
    const cache = createListCache({ maxBytes: 1_000_000 });
    let builds = 0;
    const build = async () => {
      builds += 1;
      return Buffer.from(`list ${builds}`);
    };
    const first = await cache.get('u', 'v1', build);
    await cache.settled();
    expect(await cache.get('u', 'v1', build)).toBe(first);
    expect(builds).toBe(1);
    const second = await cache.get('u', 'v2', build);
    expect(second.bytes.toString()).toBe('list 2');
    expect(second.tag).not.toBe(first.tag);
  });

  it('shares one build between requests for the same version', async () => {
    const cache = createListCache({ maxBytes: 1_000_000 });
    let builds = 0;
    const build = async () => {
      builds += 1;
      return Buffer.from('list');
    };
    const [a, b] = await Promise.all([cache.get('u', 'v', build), cache.get('u', 'v', build)]);
    expect(a).toBe(b);
    expect(builds).toBe(1);
  });

  it('serves a list larger than the whole budget without keeping it', async () => {
    const cache = createListCache({ maxBytes: 10_000 });
    await cache.get('small', 'v', body(1_000));
    await cache.settled();
    const big = await cache.get('big', 'v', body(20_000));
    await cache.settled();
    expect(big.bytes.length).toBe(20_000);
    expect(cache.lastKept('big')).toBeUndefined();
    expect(cache.lastKept('small')).toBeDefined();
  });

  it('an older build that ends last does not put its list back over a newer one', async () => {
    const cache = createListCache({ maxBytes: 1_000_000 });
    let finishOld!: () => void;
    const oldDone = new Promise<void>((resolve) => (finishOld = resolve));
    const older = cache.get('u', 'v1', async () => {
      await oldDone;
      return Buffer.from('old');
    });
    await cache.get('u', 'v2', async () => Buffer.from('new'));
    finishOld();
    await older;
    await cache.settled();
    expect(cache.lastKept('u')?.bytes.toString()).toBe('new');
  });

  it('forgets a key, and a build under way for it is not kept', async () => {
    const cache = createListCache({ maxBytes: 1_000_000 });
    await cache.get('u', 'v1', async () => Buffer.from('one'));
    await cache.settled();
    let finish!: () => void;
    const done = new Promise<void>((resolve) => (finish = resolve));
    const building = cache.get('u', 'v2', async () => {
      await done;
      return Buffer.from('two');
    });
    cache.forget('u');
    expect(cache.lastKept('u')).toBeUndefined();
    finish();
    await building;
    await cache.settled();
    expect(cache.lastKept('u')).toBeUndefined();
  });

  it('a failed build is not kept, and the next request tries again', async () => {
    const cache = createListCache({ maxBytes: 1_000_000 });
    await expect(
      cache.get('u', 'v', async () => {
        throw new Error('database down');
      }),
    ).rejects.toThrow('database down');
    await cache.settled();
    expect(cache.stats().entries).toBe(0);
    const list = await cache.get('u', 'v', async () => Buffer.from('list'));
    expect(list.bytes.toString()).toBe('list');
  });
});
