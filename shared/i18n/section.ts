import { en } from './en';
import { translate } from './translate';

type Catalogue = typeof en;
type PluralKey = `${string}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}`;
const PLURAL_KEY = /_(zero|one|two|few|many|other)$/;

/** A catalogue section read as an object: each plain sentence a getter, plural forms left out. */
export type Readable<T> = {
  readonly [K in keyof T as K extends PluralKey ? never : K]: T[K] extends string
    ? string
    : Readable<T[K]>;
};

function readable(source: Record<string, unknown>, path: string, skip: ReadonlySet<string>) {
  const target: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) {
    if (skip.has(key) || PLURAL_KEY.test(key)) continue;
    const keyPath = `${path}.${key}`;
    if (typeof value === 'string') {
      Object.defineProperty(target, key, {
        enumerable: true,
        // The key is checked against the catalogue by the types of the caller of textSection.
        get: () => translate(keyPath as never),
      });
    } else {
      const nested = readable(value as Record<string, unknown>, keyPath, new Set());
      Object.defineProperty(target, key, { enumerable: true, value: nested });
    }
  }
  return target;
}

/**
 * One `X_TEXT` object of shared/text.ts, read from the catalogue section `name` in the current
 * locale at the moment each sentence is read (decision 049). Plain sentences need nothing
 * written: they become getters. `computed` holds what takes values (functions that call
 * `translate` with them) or picks between variants; its entries replace the catalogue's keys
 * of the same name, getters included.
 */
export function textSection<S extends keyof Catalogue, C extends object = Record<never, never>>(
  name: S,
  computed?: C,
): Omit<Readable<Catalogue[S]>, keyof C> & C {
  const extra = computed ?? ({} as C);
  const target = readable(en[name], name, new Set(Object.keys(extra)));
  Object.defineProperties(target, Object.getOwnPropertyDescriptors(extra));
  return Object.freeze(target) as Omit<Readable<Catalogue[S]>, keyof C> & C;
}
