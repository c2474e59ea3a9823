import { describe, expect, it } from 'vitest';
import { createSentenceChunker, speechChunks, splitSentences } from '#shared/sentences';

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

/** Every chunk streamed speech makes of `tokens`, in order. */
function chunksOf(tokens: string[], options = { firstClause: true }) {
  const chunker = createSentenceChunker(options);
  const out = tokens.flatMap((token) => chunker.push(token));
  const rest = chunker.flush();
  return rest ? [...out, rest] : out;
}

describe('the first chunk of a reply is its first clause', () => {
  // [reply, its first chunk]
  const rows: Array<[string, string]> = [
    ['I suppose the cost, to be honest, worries me.', 'I suppose the cost,'],
    // Fewer than four words before a comma: the clause goes on to the next break.
    ['Well, I think the cost, mostly, is the problem.', 'Well, I think the cost,'],
    ['Do I need, really, a crown at all?', 'Do I need, really,'],
    ['Yes, okay, fine, I will do it.', 'Yes, okay, fine, I will do it.'],
    ['Yes, fine.', 'Yes, fine.'],
    // Numbers: a comma or colon inside one is not a break; after one, with a space, it is.
    ['It costs about 1,000 pounds, which is a lot.', 'It costs about 1,000 pounds,'],
    ['My appointment is at 3:30 tomorrow: can we move it?', 'My appointment is at 3:30 tomorrow:'],
    ['It costs $3.50 a day, roughly, they said.', 'It costs $3.50 a day,'],
    ['I have had 2, maybe 3, fillings this year.', 'I have had 2,'],
    ['Open 9–5 on weekdays and Saturdays; closed Sundays.', 'Open 9–5 on weekdays and Saturdays;'],
    // Abbreviations end neither a sentence nor a clause.
    ['I saw Dr. Patel last week, and he said it was fine.', 'I saw Dr. Patel last week,'],
    // A sentence that ends before any long-enough clause is the first chunk.
    [
      'I am not sure about this at all. Can you explain, please, what it involves?',
      'I am not sure about this at all.',
    ],
    ['No. I do not want it, thank you.', 'No. I do not want it,'],
    ['Oh. Well, honestly I am scared, you know.', 'Oh. Well, honestly I am scared,'],
    // Dashes: an em dash, or a spaced dash or hyphen; never a hyphen inside a word.
    ['I was going to say—well, never mind.', 'I was going to say—'],
    ['The cost is the thing — I cannot afford it.', 'The cost is the thing —'],
    ['The cost is the thing - I cannot afford it.', 'The cost is the thing -'],
    [
      'It is a well-known problem for people like me, I think.',
      'It is a well-known problem for people like me,',
    ],
    ['Fine; I suppose the cost is fine; really.', 'Fine; I suppose the cost is fine;'],
    ['He said "it will be fine," but I doubt it.', 'He said "it will be fine,"'],
    // No punctuation at all: the whole reply, once it has ended.
    ['I suppose the cost worries me', 'I suppose the cost worries me'],
  ];

  it.each(rows)('%j → %j', (reply, first) => {
    expect(splitSentences(reply, { firstClause: true })[0]).toBe(first);
  });

  it.each(rows)('streamed word by word, %j starts with the same chunk', (reply, first) => {
    expect(chunksOf(reply.split(/(?=\s)/))[0]).toBe(first);
  });

  // Closing quotes are left out: a clear clause ending counts before the quote arrives.
  it.each(rows.filter(([reply]) => !/["”]/.test(reply)))(
    'streamed character by character, %j starts with the same chunk',
    (reply, first) => {
      expect(chunksOf([...reply])[0]).toBe(first);
    },
  );

  it('sends the first clause as soon as its comma arrives, then whole sentences', () => {
    const chunker = createSentenceChunker({ firstClause: true });
    expect(chunker.push('I suppose the cost')).toEqual([]);
    expect(chunker.push(',')).toEqual(['I suppose the cost,']);
    expect(chunker.push(' to be honest, worries me. How much, roughly,')).toEqual([
      'to be honest, worries me.',
    ]);
    expect(chunker.push(' is it?')).toEqual(['How much, roughly, is it?']);
    expect(chunker.flush()).toBeNull();
  });

  it('a comma after a digit waits for the next character', () => {
    const chunker = createSentenceChunker({ firstClause: true });
    expect(chunker.push('It costs about 1,')).toEqual([]);
    expect(chunker.push('000 pounds')).toEqual([]);
    expect(chunker.push(',')).toEqual(['It costs about 1,000 pounds,']);
  });

  it('loses no text, and without the option chunks stay sentences', () => {
    const reply = 'Well, I think the cost, mostly, is the problem. Do I need, really, a crown?';
    expect(splitSentences(reply, { firstClause: true }).join(' ')).toBe(reply);
    expect(splitSentences(reply)).toEqual([
      'Well, I think the cost, mostly, is the problem.',
      'Do I need, really, a crown?',
    ]);
  });

  it('a mid-text abbreviation does not end a sentence', () => {
    expect(splitSentences('Yesterday I saw Dr. Patel about it. He said it was fine.')).toEqual([
      'Yesterday I saw Dr. Patel about it.',
      'He said it was fine.',
    ]);
  });
});
