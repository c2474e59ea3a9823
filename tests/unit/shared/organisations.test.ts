import { describe, expect, it } from 'vitest';
import {
  assignmentStatus,
  cohortCellStatus,
  cohortScoreText,
  dueDateInRange,
  INVITE_ALPHABET,
  inviteCodeFrom,
} from '#shared/organisations';

const NOW = new Date('2026-03-10T12:00:00.000Z');

describe('assignmentStatus', () => {
  it.each([
    { dueAt: null, doneAt: null, expected: 'due' },
    { dueAt: '2026-03-11T00:00:00.000Z', doneAt: null, expected: 'due' },
    { dueAt: '2026-03-10T11:59:59.999Z', doneAt: null, expected: 'overdue' },
    { dueAt: '2026-03-01T00:00:00.000Z', doneAt: '2026-03-05T00:00:00.000Z', expected: 'done' },
    // Done late is still done: the table shows its date beside the due date.
    { dueAt: '2026-03-01T00:00:00.000Z', doneAt: '2026-03-09T00:00:00.000Z', expected: 'done' },
    { dueAt: null, doneAt: '2026-03-09T00:00:00.000Z', expected: 'done' },
  ] as const)('due $dueAt, done $doneAt: $expected', ({ dueAt, doneAt, expected }) => {
    expect(assignmentStatus({ dueAt, doneAt, now: NOW })).toBe(expected);
  });
});

describe('cohortCellStatus', () => {
  const PAST = '2026-03-10T11:59:59.999Z';
  const FUTURE = '2026-03-11T00:00:00.000Z';
  it.each([
    { dueAt: null, doneAt: null, leftAt: null, expected: 'not_done' },
    { dueAt: FUTURE, doneAt: null, leftAt: null, expected: 'not_done' },
    { dueAt: PAST, doneAt: null, leftAt: null, expected: 'overdue' },
    { dueAt: PAST, doneAt: '2026-03-10T11:00:00.000Z', leftAt: null, expected: 'done' },
    // Done after the due date is done; the date beside it tells the trainer it was late.
    {
      dueAt: '2026-03-01T00:00:00.000Z',
      doneAt: '2026-03-09T00:00:00.000Z',
      leftAt: null,
      expected: 'done',
    },
    // Left before it fell due: not theirs to do any more, so not overdue.
    { dueAt: PAST, doneAt: null, leftAt: '2026-03-05T00:00:00.000Z', expected: 'not_done' },
    { dueAt: PAST, doneAt: null, leftAt: PAST, expected: 'not_done' },
    // Left after it fell due: it was overdue while they were a member.
    {
      dueAt: '2026-03-01T00:00:00.000Z',
      doneAt: null,
      leftAt: '2026-03-05T00:00:00.000Z',
      expected: 'overdue',
    },
    {
      dueAt: PAST,
      doneAt: '2026-03-02T00:00:00.000Z',
      leftAt: '2026-03-05T00:00:00.000Z',
      expected: 'done',
    },
  ] as const)(
    'due $dueAt, done $doneAt, left $leftAt: $expected',
    ({ dueAt, doneAt, leftAt, expected }) => {
      expect(cohortCellStatus({ dueAt, doneAt, leftAt, now: NOW })).toBe(expected);
    },
  );
});

describe('cohortScoreText', () => {
  it.each([
    [7, '7/10'],
    [10, '10/10'],
    [7.25, '7.3/10'],
    [7.5, '7.5/10'],
    [6.96, '7/10'],
    [1, '1/10'],
  ])('%s → %s', (score, expected) => {
    expect(cohortScoreText(score)).toBe(expected);
  });
});

describe('inviteCodeFrom', () => {
  it('maps each byte into the readable alphabet', () => {
    const code = inviteCodeFrom(Uint8Array.from([0, 1, 30, 31, 255, 62, 5, 6, 7, 8]));
    expect(code).toHaveLength(10);
    expect(code.slice(0, 4)).toBe(`AB${INVITE_ALPHABET[30]}A`);
    expect([...code].every((ch) => INVITE_ALPHABET.includes(ch))).toBe(true);
  });
  it('refuses too few bytes', () => {
    expect(() => inviteCodeFrom(new Uint8Array(3))).toThrow();
  });
});

describe('dueDateInRange', () => {
  it.each([
    ['2000-01-01T00:00:00.000Z', true],
    ['2199-12-31T23:59:59.999Z', true],
    ['2026-06-01T09:00:00+02:00', true],
    ['1999-12-31T23:59:59.999Z', false],
    ['2200-01-01T00:00:00.000Z', false],
    // Early on the 1st in UTC+14 is still 1999 in UTC, as it is stored.
    ['2000-01-01T09:00:00+14:00', false],
    ['0000-01-01T00:00:00Z', false],
    ['+275760-09-13T00:00:00Z', false],
    ['not a date', false],
  ])('%s: %s', (iso, expected) => {
    expect(dueDateInRange(iso)).toBe(expected);
  });
});
