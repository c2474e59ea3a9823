import { describe, expect, it } from 'vitest';
import {
  assignmentStatus,
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
