import { describe, expect, it } from 'vitest';
import { readPersonClaims } from '#server/sso/claims';
import { SSO_TEXT } from '#shared/text';

/** What a provider's claims give an account (decision 050). */
describe('readPersonClaims', () => {
  it.each([
    [{ email: 'Ada@School.edu', email_verified: true }, 'ada@school.edu'],
    [{ email: 'ada@school.edu', email_verified: false }, null],
    [{ email: 'ada@school.edu', email_verified: 'true' }, null],
    [{ email: 'ada@school.edu' }, null],
    [{ email: 'not an address', email_verified: true }, null],
    [{ email_verified: true }, null],
    [{ email: 42, email_verified: true }, null],
  ])('%j: verified address %j', (claims, expected) => {
    expect(readPersonClaims(claims).verifiedEmail).toBe(expected);
  });

  // Entra ID sends no email_verified: a school's own domains can stand in for it.
  it.each([
    [{ email: 'Ada@School.edu' }, 'ada@school.edu'],
    [{ preferred_username: 'ada@school.edu' }, 'ada@school.edu'],
    [{ upn: 'ADA@school.edu' }, 'ada@school.edu'],
    [{ email: 'ada@gmail.com', preferred_username: 'ada@school.edu' }, 'ada@school.edu'],
    [{ email: 'ada@school.edu', email_verified: false }, null],
    [{ email: 'ada@school.edu', email_verified: 'false' }, null],
    [{ email: 'ada@gmail.com' }, null],
    [{ email: 'ada@evil-school.edu' }, null],
    [{ email: 'ada@sub.school.edu' }, null],
    [{ email: 'ada@school.edu.evil.com' }, null],
    [{ preferred_username: 'ada' }, null],
  ])('%j with school.edu trusted: verified address %j', (claims, expected) => {
    expect(readPersonClaims(claims, ['school.edu']).verifiedEmail).toBe(expected);
  });

  it.each([
    [{ name: 'Dr Ada Lovelace', given_name: 'Ada' }, 'Dr Ada Lovelace'],
    [{ given_name: 'Ada', family_name: 'Lovelace' }, 'Ada Lovelace'],
    [{ name: '  ', given_name: 'Ada' }, 'Ada'],
    [{ name: 'Ada\u202eecalevoL', preferred_username: 'ada.l' }, 'ada.l'],
    [{ name: 'x'.repeat(300), email: 'ada@school.edu' }, 'ada'],
    [{ email: 'grace@school.edu' }, 'grace'],
    [{}, SSO_TEXT.defaultName],
  ])('%j: named %j', (claims, expected) => {
    expect(readPersonClaims(claims).fullName).toBe(expected);
  });
});
