import { describe, expect, it } from 'vitest';
import { nextPageUrl } from '#server/lti/nrpsClient';

describe('nextPageUrl reads RFC 8288 Link headers', () => {
  const base = 'https://lms.example/m?page=1';
  it.each<[string | null, string | null]>([
    [null, null],
    ['', null],
    ['<https://lms.example/m?page=2>; rel="next"', 'https://lms.example/m?page=2'],
    ['<https://lms.example/m?page=2>; rel=next', 'https://lms.example/m?page=2'],
    ['</m?page=2>; rel="next"', 'https://lms.example/m?page=2'],
    [
      '<https://lms.example/m?page=1>; rel="first", <https://lms.example/m?page=3>; rel="next"',
      'https://lms.example/m?page=3',
    ],
    ['<https://lms.example/m?since=1>; rel="differences"', null],
    ['<https://lms.example/m?a=1,2>; rel="prev next"', 'https://lms.example/m?a=1,2'],
    ['not a link', null],
  ])('%s', (header, expected) => {
    expect(nextPageUrl(header, base)).toBe(expected);
  });
});
