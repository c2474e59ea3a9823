import { describe, expect, it } from 'vitest';
import { signInWaysAfterUnlink } from '#server/sso/ssoLinks';

/**
 * What unlinking a school sign-in would leave (decision 050's addendum): a usable password and
 * each identity at a provider still configured here. Zero ways in is refused.
 */
const SCHOOL = 'https://idp.school.example/realms/dental';
const OTHER = 'https://login.other.example';
const GONE = 'https://old.example/realms/retired';
const configured = new Set([SCHOOL, `${OTHER}/`]);

describe('signInWaysAfterUnlink', () => {
  it.each([
    ['a password, the only identity', true, true, [SCHOOL], 1],
    ['no password, the only identity', false, true, [SCHOOL], 0],
    ['a password an organisation refuses, the only identity', true, false, [SCHOOL], 0],
    ['no password, another configured identity', false, true, [SCHOOL, OTHER], 1],
    // `https://host` and `https://host/` are one issuer.
    ['no password, another identity written with a slash', false, true, [SCHOOL, `${OTHER}/`], 1],
    [
      'no password, the other identity at an issuer no longer configured',
      false,
      true,
      [SCHOOL, GONE],
      0,
    ],
    ['a refused password and another configured identity', true, false, [SCHOOL, OTHER], 1],
    ['a password and another identity', true, true, [SCHOOL, OTHER], 2],
  ] as const)('%s → %i', (_label, hasPassword, passwordSignIn, identityIssuers, ways) => {
    expect(
      signInWaysAfterUnlink({
        hasPassword,
        passwordSignIn,
        identityIssuers,
        configuredIssuers: configured,
        removing: SCHOOL,
      }),
    ).toBe(ways);
  });

  it('removes every identity at the issuer, however its URL is written', () => {
    expect(
      signInWaysAfterUnlink({
        hasPassword: false,
        passwordSignIn: true,
        identityIssuers: [`${OTHER}/`],
        configuredIssuers: configured,
        removing: OTHER,
      }),
    ).toBe(0);
  });
});
