import { foldText } from './textTools';

/**
 * A scenario's topic keywords, compiled once into an index so that finding every keyword a
 * text mentions costs one pass over the text, whatever the number of keywords (one regular
 * expression per keyword, each run over the whole transcript, let an author's scenario
 * stall the server).
 *
 * What counts as a mention is the rule `mentions` in text.ts always had: the keyword as a word
 * or phrase (any run of spaces between its words), with a common inflection allowed at its end
 * ("cost" in "costs", "hurt" in "hurting"), and never inside another word ("pain" is not in
 * "paint"). tests/unit/server/ai/keywordMatcher.test.ts checks the two agree on random texts.
 */

/** Endings a keyword may take and still be the same word. */
const INFLECTIONS = ['s', 'es', 'ed', 'd', 'ing', 'ful', 'y', 'ly'] as const;
const WORD_RUN = /[\p{L}\p{N}]+/gu;
const WORD_CHAR = /^[\p{L}\p{N}]$/u;

interface Entry {
  /** The keyword, folded, spaces collapsed. */
  key: string;
  /** Which list (a concern) the keyword belongs to. */
  group: number;
  /** Characters before its first word ("$" in "$100"). */
  lead: number;
}

export interface KeywordMatcher {
  /**
   * For each list given to `compileKeywords`, how many of its entries the text mentions (a
   * keyword written twice in a list counts twice, as the lists are read everywhere else).
   */
  counts(text: string): number[];
}

/** Folded and with every run of whitespace one space: how keywords and texts are compared. */
export function normaliseForMatching(text: string): string {
  return foldText(text).replace(/\s+/g, ' ');
}

function isWordChar(codePoint: number | undefined): boolean {
  return codePoint !== undefined && WORD_CHAR.test(String.fromCodePoint(codePoint));
}

/** The code point that ends just before `index` (a surrogate pair read whole). */
function codePointBefore(text: string, index: number): number | undefined {
  if (index <= 0) return undefined;
  const low = text.charCodeAt(index - 1);
  if (index >= 2 && low >= 0xdc00 && low <= 0xdfff) {
    const high = text.charCodeAt(index - 2);
    if (high >= 0xd800 && high <= 0xdbff) return text.codePointAt(index - 2);
  }
  return low;
}

/** Whether the keyword stands at `start` as a whole word, an inflection allowed at its end. */
function mentionedAt(text: string, start: number, key: string): boolean {
  if (start < 0 || !text.startsWith(key, start)) return false;
  if (isWordChar(codePointBefore(text, start))) return false;
  const end = start + key.length;
  if (!isWordChar(text.codePointAt(end))) return true;
  return INFLECTIONS.some(
    (ending) => text.startsWith(ending, end) && !isWordChar(text.codePointAt(end + ending.length)),
  );
}

/**
 * Indexes each keyword by its first word. A mention of a keyword always begins that word at
 * the start of one of the text's words, which is then the first word itself or, for a
 * one-word keyword, the first word with an inflection: so each word of the text needs only a
 * few lookups, and only the keywords found there are compared.
 */
export function compileKeywords(lists: ReadonlyArray<readonly string[]>): KeywordMatcher {
  const entries: Entry[] = [];
  const byFirstWord = new Map<string, number[]>();
  lists.forEach((list, group) => {
    for (const keyword of list) {
      const key = normaliseForMatching(keyword).trim();
      const first = /[\p{L}\p{N}]+/u.exec(key);
      // A keyword without a letter or digit can never stand as a word; the schema refuses it.
      if (first === null) continue;
      const id = entries.push({ key, group, lead: first.index }) - 1;
      const ids = byFirstWord.get(first[0]);
      if (ids === undefined) byFirstWord.set(first[0], [id]);
      else ids.push(id);
    }
  });

  return {
    counts(input) {
      const counts = lists.map(() => 0);
      if (entries.length === 0) return counts;
      const text = normaliseForMatching(input);
      const found = new Uint8Array(entries.length);
      const tryWord = (word: string, at: number): void => {
        for (const id of byFirstWord.get(word) ?? []) {
          const entry = entries[id]!;
          if (found[id] === 1 || !mentionedAt(text, at - entry.lead, entry.key)) continue;
          found[id] = 1;
          counts[entry.group]!++;
        }
      };
      for (const match of text.matchAll(WORD_RUN)) {
        const word = match[0];
        tryWord(word, match.index);
        for (const ending of INFLECTIONS) {
          if (word.length > ending.length && word.endsWith(ending)) {
            tryWord(word.slice(0, -ending.length), match.index);
          }
        }
      }
      return counts;
    },
  };
}
