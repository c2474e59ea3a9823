import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileKeywords } from '#server/ai/offline/keywordMatcher';
import { foldText } from '#server/ai/offline/textTools';

/**
 * The rule a mention always followed, as the one regular expression per keyword that the
 * engine used to build: the keyword as a word or phrase, spaces between its words stretchable,
 * a common inflection allowed at its end, never inside another word.
 */
function mentionedByRegExp(text: string, keyword: string): boolean {
  const key = foldText(keyword.trim());
  if (!/[\p{L}\p{N}]/u.test(key)) return false;
  const body = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+');
  return new RegExp(
    `(?<![\\p{L}\\p{N}])${body}(?:s|es|ed|d|ing|ful|y|ly)?(?![\\p{L}\\p{N}])`,
    'u',
  ).test(foldText(text));
}

const count = (lists: string[][], text: string) => compileKeywords(lists).counts(text);

describe('compiled keywords', () => {
  it.each([
    ['cost', 'What will it cost?', 1],
    ['cost', 'The costs are high', 1],
    ['hurt', 'Is it hurting?', 1],
    ['pain', 'I want to paint it', 0],
    ['pain', 'It is painful', 1],
    ['pain', 'Spain is nice', 0],
    ['root canal', 'a ROOT\n  canal treatment', 1],
    ['root canal', 'roots canal', 0],
    ['x-ray', 'we took x-rays', 1],
    ['x-ray', 'an x ray', 0],
    ['$100', 'about $100 a month', 1],
    ['$100', 'about a$100', 0],
    ["child's teeth", 'my child’s teeth', 1],
    ['année', "l'année dernière", 1],
    ['?!', 'what?!', 0],
  ])('"%s" in "%s": %i', (keyword, text, expected) => {
    expect(count([[keyword]], text)).toEqual([expected]);
  });

  it('counts each entry of each list once, however often it is said', () => {
    const lists = [['cost', 'price', 'cost'], ['pain'], []];
    expect(count(lists, 'Cost, cost, costs and the price; no pain')).toEqual([3, 1, 0]);
  });

  it('agrees with one regular expression per keyword on random texts', () => {
    // A small alphabet makes keywords and their inflections collide often.
    const word = fc
      .tuple(
        fc.constantFrom('a', 'b', 'ab', 'ba', 'é', 'c1', 'pain', 'sy'),
        fc.constantFrom('', '', '', 's', 'es', 'ed', 'd', 'ing', 'ful', 'y', 'ly'),
      )
      .map(([stem, ending]) => stem + ending);
    const glue = fc.constantFrom(' ', '  ', '\n', '-', "'", '’', ', ', '.', '$', '');
    const phrase = fc
      .array(fc.tuple(glue, word), { minLength: 1, maxLength: 3 })
      .map((parts) => parts.map(([g, w]) => g + w).join(''));
    const textArb = fc
      .array(fc.tuple(word, glue), { maxLength: 30 })
      .map((parts) => parts.map(([w, g]) => w + g).join(''));
    fc.assert(
      fc.property(fc.array(phrase, { minLength: 1, maxLength: 6 }), textArb, (keywords, text) => {
        const counts = count([keywords], text);
        const expected = keywords.filter((k) => mentionedByRegExp(text, k)).length;
        expect(counts, `${JSON.stringify(keywords)} in ${JSON.stringify(text)}`).toEqual([
          expected,
        ]);
      }),
      { numRuns: 1000 },
    );
  }, 60_000);
});
