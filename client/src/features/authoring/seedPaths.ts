/**
 * The form edits the seed as one object, each field addressed by its issue path
 * (`extras.hiddenConcerns[0].reveal`), so a schema issue, a server 400 and a field share one key.
 */

type Key = string | number;

/** `extras.hiddenConcerns[0].reveal` → ['extras', 'hiddenConcerns', 0, 'reveal']. */
export function parsePath(path: string): Key[] {
  const keys: Key[] = [];
  for (const part of path.match(/[^.[\]]+/g) ?? []) {
    keys.push(/^\d+$/.test(part) ? Number(part) : part);
  }
  return keys;
}

export function getAt(value: unknown, path: string): unknown {
  let current = value;
  for (const key of parsePath(path)) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<Key, unknown>)[key];
  }
  return current;
}

/** A copy of `value` with `path` set, copying only the objects on the way. */
export function setAt<T>(value: T, path: string, next: unknown): T {
  const keys = parsePath(path);
  const write = (node: unknown, depth: number): unknown => {
    if (depth === keys.length) return next;
    const key = keys[depth]!;
    const copy: Record<Key, unknown> | unknown[] = Array.isArray(node)
      ? [...(node as unknown[])]
      : { ...((node ?? (typeof key === 'number' ? [] : {})) as Record<Key, unknown>) };
    (copy as Record<Key, unknown>)[key] = write(
      (node as Record<Key, unknown> | undefined)?.[key],
      depth + 1,
    );
    return copy;
  };
  return write(value, 0) as T;
}
