import { describe, expect, it } from 'vitest';
import { passbackBackoffSeconds } from '#server/lti/passbacks';

describe('passbackBackoffSeconds', () => {
  it.each([
    [1, undefined, 30],
    [2, undefined, 60],
    [3, undefined, 120],
    [4, undefined, 240],
    [10, undefined, 3600],
    [1, 300, 300],
    [3, 10, 120],
    [0, undefined, 30],
  ])('after attempt %s (Retry-After %s) waits %s s', (attempt, retryAfter, seconds) => {
    expect(passbackBackoffSeconds(attempt, retryAfter)).toBe(seconds);
  });
});
