import { ruleSignals } from '../phraseRules';
import { normaliseSpeech } from '../speechForms';

/**
 * The features the coach model reads from one clinician line and the patient's words before
 * it: words and word pairs (with the line's start and end marked, since "anything else" at the
 * start and "right?" at the end do different jobs), punctuation, length, how much of the line
 * hands back the patient's own words (the mark of a reflection that no phrase list can see),
 * and what the old phrase rules say, which the model weighs like any other feature.
 * Tried and dropped, each lowering the held-out figures: character 4-grams, Porter stems, and
 * marking words in a negation's scope.
 *
 * Pure and deterministic: the trainer and the server must see identical features.
 */

const STOPWORDS = new Set(
  'a an and are as at be been but by can could did do does for from had has have he her his how i if in is it its just like me my no not of on or our she so that the their them then there they this to too um uh was we were what when which who why will with would you your yeah okay oh well really very'.split(
    ' ',
  ),
);

export function wordsOf(text: string): string[] {
  return normaliseSpeech(text).match(/[a-z0-9]+(?:'[a-z]+)?/g) ?? [];
}

function contentWords(words: readonly string[]): string[] {
  return words.filter((word) => word.length >= 3 && !STOPWORDS.has(word));
}

function lengthBucket(count: number): string {
  if (count <= 1) return '1';
  if (count <= 3) return '2-3';
  if (count <= 7) return '4-7';
  if (count <= 15) return '8-15';
  if (count <= 30) return '16-30';
  return '31+';
}

/** `signals`: the rules' signals for the line, when the caller has them already. */
export function featuresOf(
  text: string,
  previous = '',
  signals: readonly string[] = ruleSignals(text, previous),
): string[] {
  const words = wordsOf(text);
  const features = new Set<string>(['bias', `len:${lengthBucket(words.length)}`]);
  const marked = ['^', ...words, '$'];
  for (let i = 0; i < marked.length; i++) {
    if (i > 0 && i < marked.length - 1) features.add(`w:${marked[i]}`);
    if (i + 1 < marked.length) features.add(`b:${marked[i]} ${marked[i + 1]}`);
  }
  if (words.length >= 3) features.add(`s:${words[0]} ${words[1]} ${words[2]}`);
  if (words.length >= 2) features.add(`e:${words.at(-2)} ${words.at(-1)}`);
  for (const signal of signals) features.add(`r:${signal}`);

  const trimmed = text.trim();
  if (/\?["')\]]*$/.test(trimmed)) features.add('p:ends?');
  else if (trimmed.includes('?')) features.add('p:has?');
  if (!/[.!?…,;:]/.test(trimmed)) features.add('p:none');

  const before = wordsOf(previous);
  if (before.length === 0) features.add('prev:none');
  else {
    if (/\?\s*$/.test(previous.trim())) features.add('prev:asked');
    const theirs = new Set(contentWords(before));
    const mine = contentWords(words);
    const shared = mine.filter((word) => theirs.has(word)).length;
    features.add(`echo:${shared >= 3 ? '3+' : shared}`);
    if (mine.length > 0 && shared / mine.length >= 0.5) features.add('echo:most');
    if (mine.length > 0 && theirs.has(mine[0] ?? '')) features.add('echo:first');
  }
  return [...features];
}
