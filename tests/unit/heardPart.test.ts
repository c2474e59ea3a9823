import { describe, expect, it } from 'vitest';
import { heardPart, heardRevision } from '../../server/conversations/heardPart';

const REPLY = 'I suppose the cost worries me.';

describe('the heard part of a reply (barge-in): cut back to the last whole word', () => {
  it.each([
    // At a word's end, before or after the space that follows it.
    [REPLY, 18, 'I suppose the cost'],
    [REPLY, 19, 'I suppose the cost'],
    // Mid-word: a word cut in half was not heard.
    [REPLY, 15, 'I suppose the'],
    [REPLY, 24, 'I suppose the cost'],
    ['Fine.', 2, ''],
    // Nothing heard; a negative count is nothing too.
    [REPLY, 0, ''],
    [REPLY, -3, ''],
    // Heard to the end, or beyond what was stored.
    ['Fine.', 5, 'Fine.'],
    ['Fine.', 99, 'Fine.'],
    // Punctuation belongs to its word: "Well," half-heard is not heard.
    ['Well, I think so.', 5, 'Well,'],
    ['Well, I think so.', 4, ''],
    ['Yes. No.', 4, 'Yes.'],
    ['Yes. No.', 6, 'Yes.'],
    // Whitespace: outer whitespace is trimmed, inner whitespace stays as spoken.
    ['  Well then', 2, ''],
    ['  Well then', 6, 'Well'],
    ['I  suppose\nthe cost', 3, 'I'],
    ['I  suppose\nthe cost', 10, 'I  suppose'],
    ['I  suppose\nthe cost', 13, 'I  suppose'],
    // Counts are UTF-16 code units, as the client counts them; never half a character.
    ['Ça coûte cher.', 8, 'Ça coûte'],
    ['Ça coûte cher.', 6, 'Ça'],
    ['Oh 😬 well', 4, 'Oh'],
    ['Oh 😬 well', 5, 'Oh 😬'],
  ])('%j heard to %i → %j', (content, heard, expected) => {
    expect(heardPart(content, heard)).toBe(expected);
  });
});

describe('revising a reply that was stored whole when the clinician cut in', () => {
  it.each([
    // All of it was heard: nothing to change.
    ['Fine.', 5, null],
    ['Fine.', 99, null],
    // Heard up to the final full stop only: still cut back to a whole word.
    [REPLY, REPLY.length - 1, 'I suppose the cost worries'],
    [REPLY, 'I suppose the cost is'.length, 'I suppose the cost'],
    [REPLY, 0, ''],
  ])('%j heard to %i → %j', (content, heard, expected) => {
    expect(heardRevision(content, heard)).toBe(expected);
  });
});
