import { describe, expect, it } from 'vitest';
import { groupBranches, toHistoryEntry, type HistoryEntry } from '#shared/history';

/** History shows each branch ("Try another answer here") under its original. */

const entry = (
  conversationId: string,
  day: number,
  branchOf: string | null = null,
): HistoryEntry => ({
  conversationId,
  scenarioTitle: 'T',
  scenarioLanguage: 'en',
  difficulty: 'beginner',
  createdAt: new Date(Date.UTC(2026, 10, day)).toISOString(),
  endedAt: new Date(Date.UTC(2026, 10, day, 1)).toISOString(),
  overallScore: 7,
  subScores: null,
  branchOf,
});

/** A group as `original: branch, branch`, for tables that read like the screen. */
const shape = (entries: HistoryEntry[]) =>
  groupBranches(entries).map((g) =>
    `${g.entry.conversationId}: ${g.branches.map((b) => b.conversationId).join(', ')}`.trimEnd(),
  );

describe('groupBranches', () => {
  it.each([
    [
      'no branches: one group each, in the order given',
      [entry('c', 3), entry('b', 2), entry('a', 1)],
      ['c:', 'b:', 'a:'],
    ],
    [
      'branches sit under their original, newest first, at the original place',
      [entry('b2', 5, 'a'), entry('c', 4), entry('b1', 3, 'a'), entry('a', 1)],
      ['c:', 'a: b2, b1'],
    ],
    [
      'a branch of a branch sits under the first ancestor in the list',
      [entry('bb', 4, 'b'), entry('b', 3, 'a'), entry('a', 1)],
      ['a: bb, b'],
    ],
    [
      'a branch whose original is missing stands alone, even with an older ancestor listed',
      [entry('bb', 4, 'b'), entry('a', 1)],
      ['bb:', 'a:'],
    ],
    [
      'a branch whose original is not listed (open, or on a later page) stands alone',
      [entry('b', 3, 'gone'), entry('c', 2)],
      ['b:', 'c:'],
    ],
    [
      'entries from before branches (no field) are originals',
      [{ ...entry('x', 2), branchOf: undefined }, entry('y', 1, 'x')],
      ['x: y'],
    ],
  ] as const)('%s', (_label, entries, expected) => {
    expect(shape([...entries])).toEqual(expected);
  });

  it('never loses or repeats an entry, even given a cycle the database cannot hold', () => {
    const entries = [entry('a', 2, 'b'), entry('b', 1, 'a'), entry('c', 3)];
    const ids = groupBranches(entries).flatMap((g) => [
      g.entry.conversationId,
      ...g.branches.map((b) => b.conversationId),
    ]);
    expect([...ids].sort()).toEqual(['a', 'b', 'c']);
  });
});

describe('toHistoryEntry', () => {
  it.each([
    ['a branch', 'orig', 'orig'],
    ['an original', null, null],
    ['a source without the field', undefined, null],
  ] as const)('carries the original of %s', (_label, branchOf, expected) => {
    const source = {
      id: 's',
      createdAt: '2026-11-01T00:00:00.000Z',
      endedAt: '2026-11-01T00:10:00.000Z',
      successRating: 6,
      scenario: null,
      feedback: [],
      ...(branchOf === undefined ? {} : { branchOf }),
    };
    expect(toHistoryEntry(source).branchOf).toBe(expected);
  });
});
