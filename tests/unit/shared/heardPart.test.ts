import { describe, expect, it } from 'vitest';
import { heardPart, heardRevision, NOTHING_HEARD } from '#shared/heardPart';

const REPLY = 'I suppose the cost worries me.';
const NONE = NOTHING_HEARD;

describe('the heard part of a reply (barge-in): cut back to the last whole word', () => {
  it.each([
    // At a word's end, before or after the space that follows it.
    [REPLY, 18, 'I suppose the cost'],
    [REPLY, 19, 'I suppose the cost'],
    // Mid-word: a word cut in half was not heard.
    [REPLY, 15, 'I suppose the'],
    [REPLY, 24, 'I suppose the cost'],
    // Heard to the end, or beyond what was stored.
    ['Fine.', 5, 'Fine.'],
    ['Fine.', 99, 'Fine.'],
    ['Yes. No.', 4, 'Yes.'],
    ['Yes. No.', 6, 'Yes.'],
    // Whitespace: outer whitespace is trimmed, inner whitespace stays as spoken.
    ['  Well then', 11, 'Well then'],
    ['I  suppose\nthe cost', 10, 'I  suppose'],
    ['I  suppose\nthe cost', 13, 'I  suppose'],
    // Counts are UTF-16 code units, as the client counts them; never half a character.
    ['Ça coûte cher.', 8, 'Ça coûte'],
    ['Ça coûte cher.', 10, 'Ça coûte'],
    ['Oh 😬 well then', 10, 'Oh 😬 well'],
    ['Oh 😬 well then', 8, NONE],
  ])('%j heard to %i → %j', (content, heard, expected) => {
    expect(heardPart(content, heard)).toBe(expected);
  });
});

describe('nothing really heard: fewer than two whole words that are not a sentence (decision 013)', () => {
  it.each([
    // A stop in the first few hundred milliseconds: "A" is not what the patient said.
    ['A crown sounds expensive.', 1, NONE],
    ['A crown sounds expensive.', 3, NONE],
    [REPLY, 2, NONE],
    // Nothing at all, or a negative count.
    [REPLY, 0, NONE],
    [REPLY, -3, NONE],
    ['Fine.', 2, NONE],
    // Punctuation belongs to its word; one word with a comma is still one word.
    ['Well, I think so.', 4, NONE],
    ['Well, I think so.', 5, NONE],
    ['Well, I think so.', 7, 'Well, I'],
    ['  Well then', 6, NONE],
    ['I  suppose\nthe cost', 3, NONE],
    ['Ça coûte cher.', 6, NONE],
    // A symbol is not a word.
    ['Oh 😬 well', 5, NONE],
    // Two words are enough; so is one that is a whole sentence.
    ['Mostly the cost.', 10, 'Mostly the'],
    ['No. I would rather not.', 3, 'No.'],
    ['Why? Because it hurts.', 5, 'Why?'],
    // A reply that has no words yet stays empty: there was nothing to interrupt.
    ['', 0, ''],
    ['   ', 2, ''],
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
    // Stopped at once: stored as interrupted with nothing heard, not as "I".
    [REPLY, 0, NONE],
    [REPLY, 2, NONE],
  ])('%j heard to %i → %j', (content, heard, expected) => {
    expect(heardRevision(content, heard)).toBe(expected);
  });
});
