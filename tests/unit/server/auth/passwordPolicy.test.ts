import { describe, expect, it } from 'vitest';
import {
  COMMON_PASSWORDS,
  createPasswordPolicy,
  passwordPolicy,
} from '#server/auth/passwordPolicy';
import { backoffSeconds } from '#server/auth/throttleLimits';

const policy = passwordPolicy(null);
const email = 'ada.lovelace@example.com';

describe('password policy (NIST 800-63B blocklist and trivial patterns)', () => {
  it.each([
    ['password', 'common'],
    ['PASSWORD', 'common'],
    ['Password2024!', 'common'],
    ['p@ssw0rd', 'common'],
    ['P@ssw0rd123', 'common'],
    ['iloveyou', 'common'],
    ['football1', 'common'],
    ['dentist2024', 'common'],
    ['12345678', 'sequence'],
    ['87654321', 'sequence'],
    ['abcdefghij', 'sequence'],
    ['qwertyuiop', 'sequence'],
    ['poiuytrewq', 'sequence'],
    ['1qaz2wsx3edc', 'sequence'],
    ['        ', 'blank'],
    ['\t\t\t\t    ', 'blank'],
    ['aaaaaaaa', 'repeated'],
    ['zzzzzzzzzzzz', 'repeated'],
    ['abababab', 'repeated'],
    ['xyzxyzxyz', 'repeated'],
    ['ChairTalk2024', 'service'],
    ['my chair talk pw', 'service'],
    ['ada.lovelace99', 'email'],
    ['xxADA.LOVELACExx', 'email'],
  ])('refuses %j (%s)', (password, problem) => {
    expect(policy.check(password, { email })).toBe(problem);
  });

  it.each([
    'correct horse battery',
    'Tr0ub4dor&3 staple',
    'my hygienist hums jazz',
    'abcdefgx',
    '4 molars and a canine',
    'ñandú-río-cinco',
    '🦷🦷🦷🦷 smile wide, Ada',
  ])('accepts %j', (password) => {
    expect(policy.check(password, { email })).toBeNull();
  });

  it('does not refuse a short email local part found inside a password', () => {
    expect(policy.check('xo-band rehearsal', { email: 'xo@example.com' })).toBeNull();
  });

  it('adds a supplied list to the common one', () => {
    const extra = createPasswordPolicy(['# a comment', 'Velociraptor', '  ', 'correcthorse']);
    expect(extra.check('velociraptor', { email })).toBe('common');
    expect(extra.check('CorrectHorse!!', { email })).toBe('common');
    expect(extra.check('# a comment', { email })).toBeNull();
    expect(extra.check('correct horse battery', { email })).toBeNull();
  });

  it('uses a maintained list that holds the passwords seen most', () => {
    expect(COMMON_PASSWORDS.length).toBeGreaterThan(10_000);
    expect(COMMON_PASSWORDS).toEqual(
      expect.arrayContaining(['password', '12345678', 'qwerty', 'iloveyou']),
    );
  });
});

describe('sign-in backoff', () => {
  const limits = { backoffSeconds: 60, maxBackoffSeconds: 3600 };
  it.each([
    [0, 5, 0],
    [4, 5, 0],
    [5, 5, 60],
    [6, 5, 120],
    [7, 5, 240],
    [10, 5, 1920],
    [11, 5, 3600],
    [500, 5, 3600],
    [1, 1, 60],
  ])('after failure %i with %i allowed, waits %i s', (count, allowed, wait) => {
    expect(backoffSeconds(count, allowed, limits)).toBe(wait);
  });
});
