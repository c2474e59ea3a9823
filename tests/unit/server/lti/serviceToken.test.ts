import { describe, expect, it } from 'vitest';
import { retryAfterSeconds, serviceUrl, statusError } from '#server/lti/serviceToken';

describe('statusError sorts answers into retryable and not', () => {
  it.each<[number, string, boolean]>([
    [302, 'rejected', false],
    [307, 'rejected', false],
    [500, 'unavailable', true],
    [503, 'unavailable', true],
    [429, 'unavailable', true],
    [408, 'unavailable', true],
    [401, 'forbidden', false],
    [403, 'forbidden', false],
    [404, 'not_found', false],
    [410, 'not_found', false],
    [400, 'rejected', false],
    [422, 'rejected', false],
  ])('%i', (status, reason, retryable) => {
    const error = statusError(status, 'https://lms.example/x');
    expect(error).toMatchObject({ reason, retryable, name: 'LtiServiceError' });
    expect(error.details.status).toBe(status);
  });

  it.each<[string | null, number | undefined]>([
    [null, undefined],
    ['30', 30],
    [' 5 ', 5],
    ['Wed, 21 Oct 2015 07:28:00 GMT', undefined],
    ['-1', undefined],
  ])('Retry-After %s', (header, seconds) => {
    expect(retryAfterSeconds(header)).toBe(seconds);
  });
});

describe('serviceUrl takes absolute http(s) URLs only', () => {
  it.each<[string, boolean]>([
    ['https://lms.example/li/1', true],
    ['http://127.0.0.1:9/li/1', true],
    ['/li/1', false],
    ['javascript:alert(1)', false],
    ['file:///etc/passwd', false],
    ['', false],
  ])('%s', (url, ok) => {
    if (ok) expect(serviceUrl(url).toString()).toBe(new URL(url).toString());
    else expect(() => serviceUrl(url)).toThrow(expect.objectContaining({ reason: 'bad_url' }));
  });
});
