import { describe, expect, it } from 'vitest';
import { safeReturnPath } from '#server/sso/returnPath';

/** Where a sign-in may land (decision 050): paths of this site only, anything else home. */
describe('safeReturnPath', () => {
  it.each([
    [undefined, '/'],
    ['', '/'],
    ['/', '/'],
    ['/progress', '/progress'],
    ['/scenario/abc?tab=notes#turn-3', '/scenario/abc?tab=notes#turn-3'],
    ['/a/../b', '/b'],
    ['progress', '/'],
    ['//evil.example', '/'],
    ['//evil.example/path', '/'],
    ['/\\evil.example', '/'],
    ['\\\\evil.example', '/'],
    ['/\t/evil.example', '/'],
    ['/\n/evil.example', '/'],
    ['https://evil.example/', '/'],
    ['javascript:alert(1)', '/'],
    ['/api/auth/sign-out', '/'],
    ['/api', '/'],
    ['/apiary', '/apiary'],
    [`/${'a'.repeat(600)}`, '/'],
  ])('%j lands on %j', (requested, expected) => {
    expect(safeReturnPath(requested)).toBe(expected);
  });
});
