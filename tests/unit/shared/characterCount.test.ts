import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { characterCount, firstCharacters } from '#shared/inputChecks';

describe('characterCount counts as the contracts do', () => {
  it.each([
    ['', 0],
    ['abc', 3],
    ['é', 1],
    ['😀', 1],
    ['😀😀x', 3],
    ['👩‍⚕️', 4], // a ZWJ sequence is several code points
    ['\ud800', 1], // a lone surrogate is one unit
  ])('%j has %i characters, the same as zod .max sees', (text, count) => {
    expect(characterCount(text)).toBe(count);
    expect(z.string().max(count).safeParse(text).success).toBe(true);
    if (count > 0)
      expect(
        z
          .string()
          .max(count - 1)
          .safeParse(text).success,
      ).toBe(false);
  });
});

describe('firstCharacters', () => {
  it.each([
    ['abc', 2, 'ab'],
    ['abc', 5, 'abc'],
    ['😀😀😀', 2, '😀😀'],
    ['a😀b', 2, 'a😀'],
  ])('%j cut at %i is %j, never half an emoji', (text, max, cut) => {
    expect(firstCharacters(text, max)).toBe(cut);
  });
});
