/**
 * Unsaved drafts in localStorage, one per user and scenario ('new' until it has an id), so a
 * reload or a closed tab never loses what an author typed. Storage may be full or refused
 * (private mode): then the draft lives only in the page, and nothing throws.
 */

const PREFIX = 'chairtalk:authoring-draft';

export interface StoredDraft {
  /** The form's seed exactly as typed, valid or not. */
  seed: unknown;
  savedAt: string;
}

export function draftKey(userId: string, scenarioId: string | null): string {
  return `${PREFIX}:${userId}:${scenarioId ?? 'new'}`;
}

export function saveDraft(
  storage: Storage,
  key: string,
  seed: unknown,
  now: Date = new Date(),
): void {
  try {
    storage.setItem(key, JSON.stringify({ seed, savedAt: now.toISOString() }));
  } catch {
    // Quota or privacy mode: the page still holds the draft.
  }
}

export function loadDraft(storage: Storage, key: string): StoredDraft | null {
  let raw: string | null;
  try {
    raw = storage.getItem(key);
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const parsed = JSON.parse(raw) as unknown;
    if (
      parsed !== null &&
      typeof parsed === 'object' &&
      'seed' in parsed &&
      typeof (parsed as { savedAt?: unknown }).savedAt === 'string' &&
      (parsed as { seed: unknown }).seed !== null &&
      typeof (parsed as { seed: unknown }).seed === 'object'
    ) {
      return parsed as StoredDraft;
    }
  } catch {
    // A corrupt entry is as good as none.
  }
  return null;
}

export function clearDraft(storage: Storage, key: string): void {
  try {
    storage.removeItem(key);
  } catch {
    // Nothing to clear when storage is refused.
  }
}
