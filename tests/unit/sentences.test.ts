import { describe, expect, it } from 'vitest';
import { createSentenceChunker, speechChunks, splitSentences } from '../../shared/sentences';

function feed(tokens: string[]) {
  const chunker = createSentenceChunker();
  const emitted: Array<{ at: number; sentence: string }> = [];
  tokens.forEach((token, at) => {
    for (const sentence of chunker.push(token)) emitted.push({ at, sentence });
  });
  const rest = chunker.flush();
  if (rest) emitted.push({ at: tokens.length, sentence: rest });
  return emitted;
}

describe('sentence chunking for streamed speech', () => {
  it('emits a sentence as soon as its closing punctuation arrives', () => {
    const tokens = 'I suppose the cost worries me. How much is it?'.split(/(?=\s)/);
    expect(feed(tokens)).toEqual([
      { at: 5, sentence: 'I suppose the cost worries me.' },
      { at: 9, sentence: 'How much is it?' },
    ]);
  });

  it('keeps very short sentences with the next one', () => {
    expect(splitSentences('Oh. Well, I never thought about it that way.')).toEqual([
      'Oh. Well, I never thought about it that way.',
    ]);
  });

  it.each([
    [
      'Dr. Patel said it was fine.',
      ['I saw', ' Dr.', ' Patel', ' last week and', ' he said it was fine.'],
    ],
    ['It costs $3.50 a day, roughly.', ['It costs about $3.', '50 a day, roughly.']],
  ])('does not cut at an abbreviation or a number (%s)', (_name, tokens) => {
    expect(feed(tokens)).toHaveLength(1);
  });

  it('splits only long texts for browser speech (spec §9: over 200 characters)', () => {
    const short = 'That is fine. I can do Tuesday.';
    expect(speechChunks(short)).toEqual([short]);
    const long = 'I have been worried about this for weeks now, honestly. '.repeat(5).trim();
    expect(long.length).toBeGreaterThan(200);
    expect(speechChunks(long)).toHaveLength(5);
  });

  it('loses no text', () => {
    const text = 'Well... I am not sure! Do I need it? My sister said no. Hmm';
    const joined = feed(text.split(/(?=\s)/))
      .map((e) => e.sentence)
      .join(' ');
    expect(joined.replace(/\s+/g, ' ')).toBe(text);
  });
});
