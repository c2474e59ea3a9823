/**
 * Timestamps as the API sends them. The drivers give a `timestamptz` back as a Date (pg, Neon)
 * or as text (PGlite inside JSON): either way the answer carries JavaScript's ISO form.
 */
export const iso = (value: Date | string): string => new Date(value).toISOString();

export const isoOrNull = (value: Date | string | null): string | null =>
  value === null ? null : iso(value);

/** A timestamp column as JavaScript's toISOString writes it, for JSON the database builds. */
export const isoSql = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
