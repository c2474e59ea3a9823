import { describe, expect, it } from 'vitest';
import {
  clearDraft,
  draftKey,
  loadDraft,
  saveDraft,
} from '#client/features/authoring/draftStorage';

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

class RefusingStorage extends MemoryStorage {
  override setItem(): void {
    throw new DOMException('full', 'QuotaExceededError');
  }
  override getItem(): string | null {
    throw new DOMException('denied', 'SecurityError');
  }
}

describe('draft storage', () => {
  it('keeps one draft per user and per scenario', () => {
    expect(draftKey('u1', null)).not.toBe(draftKey('u2', null));
    expect(draftKey('u1', null)).not.toBe(draftKey('u1', 'abc'));
    expect(draftKey('u1', 'abc')).toBe(draftKey('u1', 'abc'));
  });

  it('restores what was saved, and nothing once cleared', () => {
    const storage = new MemoryStorage();
    const key = draftKey('u1', null);
    const when = new Date(Date.UTC(2026, 0, 2, 3, 4));
    saveDraft(storage, key, { title: 'Half typed' }, when);
    expect(loadDraft(storage, key)).toEqual({
      seed: { title: 'Half typed' },
      savedAt: when.toISOString(),
    });
    expect(loadDraft(storage, draftKey('u2', null))).toBeNull();
    clearDraft(storage, key);
    expect(loadDraft(storage, key)).toBeNull();
  });

  it.each([['not json'], ['null'], ['{"seed":"text","savedAt":"x"}'], ['{"seed":{}}']])(
    'treats a corrupt entry %s as no draft',
    (raw) => {
      const storage = new MemoryStorage();
      storage.setItem('k', raw);
      expect(loadDraft(storage, 'k')).toBeNull();
    },
  );

  it('never throws when storage is refused', () => {
    const storage = new RefusingStorage();
    expect(() => saveDraft(storage, 'k', { a: 1 })).not.toThrow();
    expect(loadDraft(storage, 'k')).toBeNull();
    expect(() => clearDraft(storage, 'k')).not.toThrow();
  });
});
