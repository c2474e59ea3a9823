import { describe, expect, it } from 'vitest';
import { createScenarioStamps } from '#server/scenarios/stampCache';

/** A read the test finishes when it chooses, counting how often the database was asked. */
function reads() {
  let count = 0;
  const pending: Array<(stamp: string) => void> = [];
  return {
    get count() {
      return count;
    },
    read: (stamp: string) => () => {
      count++;
      return Promise.resolve(stamp);
    },
    held: () => () => {
      count++;
      return new Promise<string>((resolve) => pending.push(resolve));
    },
    finish: (stamp: string) => pending.shift()!(stamp),
  };
}

describe('scenario stamps', () => {
  it('reads once, then trusts the stamp until ttl after the read began', async () => {
    let now = 0;
    const stamps = createScenarioStamps({ ttlMs: 5000, now: () => now });
    const db = reads();
    expect(await stamps.get('u', db.read('1:a'))).toBe('1:a');
    now = 4999;
    expect(await stamps.get('u', db.read('2:b'))).toBe('1:a');
    expect(db.count).toBe(1);
    now = 5000;
    expect(await stamps.get('u', db.read('2:b'))).toBe('2:b');
    expect(db.count).toBe(2);
  });

  it('forget and forgetAll make the next request read again', async () => {
    const stamps = createScenarioStamps({ ttlMs: 60_000, now: () => 0 });
    const db = reads();
    await stamps.get('u', db.read('1'));
    await stamps.get('v', db.read('1'));
    stamps.forget('u');
    expect(await stamps.get('u', db.read('2'))).toBe('2');
    expect(await stamps.get('v', db.read('2'))).toBe('1');
    stamps.forgetAll();
    expect(await stamps.get('v', db.read('3'))).toBe('3');
    expect(db.count).toBe(4);
  });

  it('callers during one read share it', async () => {
    const stamps = createScenarioStamps({ ttlMs: 60_000, now: () => 0 });
    const db = reads();
    const first = stamps.get('u', db.held());
    const second = stamps.get('u', db.held());
    db.finish('1');
    expect([await first, await second]).toEqual(['1', '1']);
    expect(db.count).toBe(1);
  });

  it.each([
    ['forget', (s: ReturnType<typeof createScenarioStamps>) => s.forget('u')],
    ['forgetAll', (s: ReturnType<typeof createScenarioStamps>) => s.forgetAll()],
  ])('a read under way when %s is called is answered but not kept', async (_name, forgetting) => {
    const stamps = createScenarioStamps({ ttlMs: 60_000, now: () => 0 });
    const db = reads();
    const before = stamps.get('u', db.held());
    forgetting(stamps);
    // A request after the write does not share the read that began before it.
    const after = stamps.get('u', db.held());
    db.finish('old');
    db.finish('new');
    expect(await before).toBe('old');
    expect(await after).toBe('new');
    expect(await stamps.get('u', db.read('never'))).toBe('new');
    expect(db.count).toBe(2);
  });

  it('a failed read is not kept', async () => {
    const stamps = createScenarioStamps({ ttlMs: 60_000, now: () => 0 });
    await expect(stamps.get('u', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await stamps.get('u', () => Promise.resolve('1'))).toBe('1');
  });

  it('ttl 0 reads every time; the number of users kept is bounded', async () => {
    const never = createScenarioStamps({ ttlMs: 0, now: () => 0 });
    const db = reads();
    await never.get('u', db.read('1'));
    await never.get('u', db.read('1'));
    expect(db.count).toBe(2);
    expect(never.size()).toBe(0);

    const small = createScenarioStamps({ ttlMs: 60_000, maxEntries: 2, now: () => 0 });
    for (const user of ['a', 'b', 'c']) await small.get(user, db.read(user));
    expect(small.size()).toBe(2);
    expect(await small.get('a', db.read('a again'))).toBe('a again');
    expect(await small.get('c', db.read('c again'))).toBe('c');
  });
});
