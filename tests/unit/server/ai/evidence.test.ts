import { describe, expect, it } from 'vitest';
import { verifyEvidence } from '#server/ai/evidence';
import type { Feedback } from '#shared/feedback';

const trainee = [
  "Hi Margaret, I can see you're worried about the cost.",
  'What matters most to you  about keeping this tooth?',
  'It sounds like the last crown was a really painful experience, and I understand why you would hesitate.',
];

function withQuote(quote: string | null): Feedback {
  return {
    overallScore: 7,
    empathyScore: 7,
    clarityScore: 7,
    persuasionScore: 7,
    objectionHandlingScore: 7,
    strengths: [{ text: 'Point', quote }],
    areasForImprovement: [{ text: 'Other point', quote }],
    suggestedResponses: ['Something the trainee did not say'],
    fallback: null,
  };
}

function verified(quote: string | null): (string | null)[] {
  const result = verifyEvidence(withQuote(quote), trainee);
  return [result.strengths[0]?.quote ?? null, result.areasForImprovement[0]?.quote ?? null];
}

describe('verifyEvidence: quotes must be the trainee’s own words', () => {
  it.each([
    ['exact substring', "I can see you're worried", "I can see you're worried"],
    ['whole message', trainee[1], trainee[1]],
    ['different case', "i CAN see you're worried", "I can see you're worried"],
    ['collapsed whitespace', 'What matters most to you about', 'What matters most to you  about'],
    ['curly apostrophe', 'I can see you’re worried', "I can see you're worried"],
    ['wrapped in quote marks', '“What matters most to you  about keeping this tooth?”', trainee[1]],
    ['trailing full stop added', "I can see you're worried.", "I can see you're worried"],
    ['trailing punctuation dropped', 'worried about the cost', 'worried about the cost'],
    [
      'ellipsis at the end',
      'It sounds like the last crown was...',
      'It sounds like the last crown was',
    ],
    ['ellipsis at the start', '…the cost.', 'the cost.'],
    [
      'ellipsis cut in the middle',
      'It sounds like the last crown … I understand why you would hesitate',
      'It sounds like the last crown was a really painful experience, and I understand why you would hesitate',
    ],
  ])('%s is repaired to the original span', (_, quote, expected) => {
    expect(verified(quote ?? null)).toEqual([expected, expected]);
  });

  it.each([
    ['a paraphrase', 'I can tell you are worried about money'],
    ['the patient’s words', 'I just don’t think I can afford it'],
    ['words joined across two messages', 'worried about the cost. What matters most'],
    ['only punctuation', '...'],
    ['part of a word', 'orried abo'],
    ['pieces out of order', 'I understand why … It sounds like'],
  ])('%s loses its quote but keeps its point', (_, quote) => {
    const result = verifyEvidence(withQuote(quote), trainee);
    expect(result.strengths[0]).toEqual({ text: 'Point', quote: null });
    expect(result.areasForImprovement[0]).toEqual({ text: 'Other point', quote: null });
  });

  it('keeps null quotes, scores, suggestions and the fallback untouched', () => {
    const input = withQuote(null);
    expect(verifyEvidence(input, trainee)).toEqual(input);
  });

  it('with no trainee messages every quote is dropped', () => {
    expect(verifyEvidence(withQuote('the cost'), []).strengths[0]?.quote).toBeNull();
  });
});
