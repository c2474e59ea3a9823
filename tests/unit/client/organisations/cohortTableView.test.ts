import { afterEach, describe, expect, it } from 'vitest';
import { setLocaleResolver } from '#shared/i18n/translate';
import {
  dueAtFromDateInput,
  inviteDays,
  inviteLink,
  inviteState,
  sortCohortRows,
  sortDirection,
  trendPoints,
  trendText,
  type CohortRow,
  type CohortSort,
} from '#client/features/organisations/cohortTable';

const row = (
  userId: string,
  fullName: string,
  done: number,
  average: number | null,
): CohortRow => ({
  userId,
  fullName,
  email: `${userId}@example.test`,
  done,
  average,
  trend: [],
  leftAt: null,
  cells: [],
});

const rows = [
  row('u1', 'bea Molar', 2, 6),
  row('u2', 'Ada Canine', 1, null),
  row('u3', 'Cy Incisor', 2, 8.5),
  row('u4', 'Ada Canine', 0, 8.5),
];

describe('sortCohortRows: the server’s ?sort= order, so the CSV reads as the table', () => {
  it.each<[CohortSort, string[]]>([
    // Case-insensitive names; equal names by user id.
    ['name', ['u2', 'u4', 'u1', 'u3']],
    // Most done first; ties by name.
    ['done', ['u1', 'u3', 'u2', 'u4']],
    // Highest average first; ties by name; no score last.
    ['average', ['u4', 'u3', 'u1', 'u2']],
  ])('sort=%s', (sort, expected) => {
    expect(sortCohortRows(rows, sort).map((r) => r.userId)).toEqual(expected);
  });

  it('leaves the input as it was', () => {
    const before = rows.map((r) => r.userId);
    sortCohortRows(rows, 'average');
    expect(rows.map((r) => r.userId)).toEqual(before);
  });

  it.each<[CohortSort, string]>([
    ['name', 'ascending'],
    ['done', 'descending'],
    ['average', 'descending'],
  ])('aria-sort of %s is %s', (sort, direction) => {
    expect(sortDirection(sort)).toBe(direction);
  });
});

describe('trendPoints: scores 0-10 in a box, 10 at the top', () => {
  it.each<[number[], string, { x: number; y: number } | null]>([
    [[], '', null],
    // One score: the newest place, at the right.
    [[5], '78,12', { x: 78, y: 12 }],
    [[0, 10], '2,22 78,2', { x: 78, y: 2 }],
    [[10, 5, 0], '2,2 40,12 78,22', { x: 78, y: 22 }],
    // Out of range is clamped to the box.
    [[12, -1], '2,2 78,22', { x: 78, y: 22 }],
  ])('%j', (scores, points, last) => {
    expect(trendPoints(scores, { width: 80, height: 24 })).toEqual({ points, last });
  });
});

describe('trendText', () => {
  it.each<[number[], string]>([
    [[], 'No scores yet'],
    [[7], '7'],
    [[6, 7, 8], '6, 7, 8 (up 2)'],
    [[8, 6.5], '8, 6.5 (down 1.5)'],
    [[5, 9, 5], '5, 9, 5 (no change)'],
  ])('%j reads %s', (scores, text) => {
    expect(trendText(scores)).toBe(text);
  });

  describe('in Spanish', () => {
    afterEach(() => setLocaleResolver(() => 'en'));

    it.each<[number[], string]>([
      [[], 'Todavía sin puntuaciones'],
      [[8, 6.5], '8; 6,5 (baja 1,5)'],
      [[6, 7, 8], '6; 7; 8 (sube 2)'],
    ])('%j reads %s, the decimals with a comma', (scores, text) => {
      setLocaleResolver(() => 'es');
      expect(trendText(scores)).toBe(text);
    });
  });
});

describe('inviteLink', () => {
  it.each([
    ['https://chairtalk.example', 'ABCDEFGH23', 'https://chairtalk.example/join/ABCDEFGH23'],
    ['http://127.0.0.1:5173/', 'XY-2', 'http://127.0.0.1:5173/join/XY-2'],
    ['https://a.example', 'A B', 'https://a.example/join/A%20B'],
  ])('%s + %s', (origin, code, link) => {
    expect(inviteLink(origin, code)).toBe(link);
  });
});

describe('inviteState', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  it.each([
    ['2026-11-27T00:00:00Z', null, 'active'],
    ['2026-11-26T12:00:00Z', null, 'expired'],
    ['2026-11-20T00:00:00Z', null, 'expired'],
    ['2026-11-27T00:00:00Z', '2026-11-25T00:00:00Z', 'revoked'],
    ['2026-11-20T00:00:00Z', '2026-11-19T00:00:00Z', 'revoked'],
  ] as const)('expires %s, revoked %s: %s', (expiresAt, revokedAt, state) => {
    expect(inviteState({ expiresAt, revokedAt }, now)).toBe(state);
  });
});

describe('dueAtFromDateInput: the end of the chosen day, in the trainer’s zone', () => {
  it('is null when empty', () => {
    expect(dueAtFromDateInput('  ')).toBeNull();
  });
  it.each(['2026-02-30', '26-12-01', 'tomorrow', '2026-13-01'])('%s is not a date', (value) => {
    expect(dueAtFromDateInput(value)).toBe('invalid');
  });
  // The server refuses these (PostgreSQL has no year 0); the form says so before sending.
  it.each(['0000-01-01', '1999-06-01', '2200-01-01', '9999-12-31'])(
    '%s is outside the years a course is set in',
    (value) => {
      expect(dueAtFromDateInput(value)).toBe('out_of_range');
    },
  );
  it('is the last millisecond of that local day', () => {
    const iso = dueAtFromDateInput('2026-12-05');
    expect(iso).not.toBeNull();
    const due = new Date(iso!);
    expect([due.getFullYear(), due.getMonth(), due.getDate()]).toEqual([2026, 11, 5]);
    expect([due.getHours(), due.getMinutes(), due.getSeconds(), due.getMilliseconds()]).toEqual([
      23, 59, 59, 999,
    ]);
  });
});

describe('inviteDays', () => {
  it.each<[string, number | null]>([
    ['7', 7],
    ['1', 1],
    ['90', 90],
    ['0', null],
    ['91', null],
    ['2.5', null],
    ['', null],
    ['-3', null],
  ])('%j → %j', (value, days) => {
    expect(inviteDays(value, 90)).toBe(days);
  });
});
