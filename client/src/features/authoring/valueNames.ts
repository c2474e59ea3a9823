import { AUTHORING_TEXT } from '#shared/text';

type Values = typeof AUTHORING_TEXT.values;

/** A value's name in the interface language, or the value itself when it has none. */
function nameIn<K extends keyof Values>(kind: K, value: string): string {
  const names = AUTHORING_TEXT.values[kind] as Record<string, string>;
  return Object.hasOwn(names, value) ? names[value]! : value;
}

export const categoryName = (category: string) => nameIn('category', category);
export const difficultyName = (difficulty: string) => nameIn('difficulty', difficulty);

/** Options of a select, each named in the interface language with a capital first letter. */
export function valueOptions<K extends keyof Values, V extends string>(
  kind: K,
  values: readonly V[],
): { value: V; label: string }[] {
  return values.map((value) => {
    const name = nameIn(kind, value);
    return { value, label: name.charAt(0).toLocaleUpperCase() + name.slice(1) };
  });
}
