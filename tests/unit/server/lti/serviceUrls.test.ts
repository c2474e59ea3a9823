import { describe, expect, it } from 'vitest';
import { filteredLineItemsUrl, matchesLineItem, scoresUrl } from '#server/lti/agsClient';
import { nextPageUrl } from '#server/lti/nrpsClient';
import { retryAfterSeconds, statusError } from '#server/lti/serviceToken';

describe('scoresUrl adds /scores to the path, keeping the query', () => {
  it.each([
    ['https://lms.example/li/7', 'https://lms.example/li/7/scores'],
    ['https://lms.example/li/7/', 'https://lms.example/li/7/scores'],
    ['https://lms.example/li/7?type_id=3', 'https://lms.example/li/7/scores?type_id=3'],
  ])('%s', (lineItem, expected) => {
    expect(scoresUrl(lineItem)).toBe(expected);
  });
});

describe('filteredLineItemsUrl', () => {
  it('adds the filters beside the query the platform put', () => {
    const url = new URL(
      filteredLineItemsUrl('https://lms.example/items?course=4', {
        resourceLinkId: 'rl 1',
        tag: 'chairtalk',
      }),
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      course: '4',
      resource_link_id: 'rl 1',
      tag: 'chairtalk',
    });
  });
});

describe('matchesLineItem checks what the platform may have ignored', () => {
  const item = { id: 'https://x/1', label: 'L', scoreMaximum: 1, resourceLinkId: 'a', tag: 't' };
  it.each<[object, boolean]>([
    [{}, true],
    [{ resourceLinkId: 'a' }, true],
    [{ resourceLinkId: 'a', tag: 't' }, true],
    [{ resourceLinkId: 'b' }, false],
    [{ resourceId: 'r' }, false],
  ])('%o', (filter, matches) => {
    expect(matchesLineItem(item, filter)).toBe(matches);
  });
});

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

describe('statusError sorts answers into retryable and not', () => {
  it.each<[number, string, boolean]>([
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
