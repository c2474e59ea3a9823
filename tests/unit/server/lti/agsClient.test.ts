import { describe, expect, it } from 'vitest';
import { filteredLineItemsUrl, matchesLineItem, scoresUrl } from '#server/lti/agsClient';

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
