import { describe, expect, it } from 'vitest';
import { heardPart } from '../../server/db/messages';

describe('the heard part of a reply (barge-in)', () => {
  it.each([
    ['I suppose the cost worries me.', 18, 'I suppose the cost'],
    ['I suppose the cost worries me.', 15, 'I suppose the'],
    ['I suppose the cost worries me.', 0, ''],
    ['I suppose the cost worries me.', 19, 'I suppose the cost'],
    ['Fine.', 99, 'Fine.'],
  ])('%j heard to %i → %j', (content, heard, expected) => {
    expect(heardPart(content, heard)).toBe(expected);
  });
});
