import { describe, expect, it } from 'vitest';
import { turnAtPosition, turnNumbers, type Speaker } from '#shared/turns';

/** Decision 043: a turn is a clinician line and the patient's reply, numbered by the lines. */

const of = (roles: string) =>
  [...roles].map((r) => ({ role: (r === 'c' ? 'user' : 'assistant') as Speaker }));

describe('turnNumbers', () => {
  it.each<[string, string, (number | null)[]]>([
    ['nothing said', '', []],
    ['the patient opens: her opening is no numbered turn', 'pcpcp', [null, 1, 1, 2, 2]],
    ['the clinician opens', 'cpcp', [1, 1, 2, 2]],
    ['a reply in two lines stays in its turn', 'pcppc', [null, 1, 1, 1, 2]],
    ['two clinician lines in a row are two turns', 'pccp', [null, 1, 2, 2]],
    ['a long opening', 'ppc', [null, null, 1]],
    ['an unanswered last line', 'pcpc', [null, 1, 1, 2]],
  ])('%s (%s)', (_name, roles, expected) => {
    expect(turnNumbers(of(roles))).toEqual(expected);
  });
});

describe('turnAtPosition: a debrief points at a message by its 1-based place', () => {
  it.each<[string, number, number | null]>([
    ['pcpcp', 1, null],
    ['pcpcp', 2, 1],
    ['pcpcp', 3, 1],
    ['pcpcp', 5, 2],
    ['pcpcp', 6, null],
    ['pcpcp', 0, null],
  ])('%s at %i is turn %s', (roles, position, expected) => {
    expect(turnAtPosition(of(roles), position)).toBe(expected);
  });
});
