import { describe, expect, it } from 'vitest';
import { withDictated, withoutDictated } from '#client/features/conversation/dictatedDraft';

describe('withDictated: dictated words join the message box', () => {
  it.each([
    ['', 'How are you?', 'How are you?'],
    ['   ', 'How are you?', 'How are you?'],
    ['Hello.', 'How are you?', 'Hello. How are you?'],
    ['Hello.  \n', 'How are you?', 'Hello. How are you?'],
  ])('%j + %j → %j', (draft, words, shown) => {
    expect(withDictated(draft, words)).toBe(shown);
  });
});

describe('withoutDictated: an edit while dictating keeps only what was typed', () => {
  it.each([
    ['Hello there. How are', 'How are', 'Hello there.'],
    ['How are', 'How are', ''],
    ['Hello. How are', '', 'Hello. How are'],
    // An edit inside the partial words: the whole text is the user's now.
    ['Hello. How ere', 'How are', 'Hello. How ere'],
  ])('%j without %j → %j', (shown, words, draft) => {
    expect(withoutDictated(shown, words)).toBe(draft);
  });

  it('gives back the draft it was shown with', () => {
    for (const draft of ['', 'Hello.', 'Two lines\nof text.']) {
      const words = 'How are you?';
      const shown = withDictated(draft, words);
      expect(withDictated(withoutDictated(shown, words), words)).toBe(shown);
    }
  });
});
