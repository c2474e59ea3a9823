import { describe, expect, it } from 'vitest';
import { readInviteAddresses } from '#shared/inviteAddresses';

describe('readInviteAddresses', () => {
  it.each([
    [['a@example.com'], { ok: true, emails: ['a@example.com'] }],
    [['a@example.com, b@example.com'], { ok: true, emails: ['a@example.com', 'b@example.com'] }],
    [
      ['a@example.com;b@example.com\nc@example.com'],
      { ok: true, emails: ['a@example.com', 'b@example.com', 'c@example.com'] },
    ],
    [['A@Example.com', 'a@example.com'], { ok: true, emails: ['a@example.com'] }],
    [['  ', ''], { ok: true, emails: [] }],
    [['a@example.com', 'not-an-address'], { ok: false, bad: 'not-an-address' }],
    [['Ada <a@example.com>'], { ok: false, bad: 'Ada' }],
    [['a@b'], { ok: false, bad: 'a@b' }],
  ])('%j reads as %j', (entries, expected) => {
    expect(readInviteAddresses(entries)).toEqual(expected);
  });
});
