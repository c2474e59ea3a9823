import { describe, expect, it } from 'vitest';
import {
  defaultFeedback,
  feedbackBarColour,
  feedbackSchema,
  feedbackScoresSchema,
  parseFeedbackText,
  validateFeedback,
} from '#shared/feedback';

const valid = {
  overallScore: 7,
  empathyScore: 8,
  clarityScore: 6,
  persuasionScore: 5,
  objectionHandlingScore: 4,
  strengths: [{ text: 'You named the worry.', quote: 'that sounds worrying' }, 'Clear plan.'],
  areasForImprovement: ['Ask about cost earlier.', { text: 'Check understanding.' }],
  suggestedResponses: ['What worries you most?', 'How does that sound?'],
};

describe('the one feedback shape', () => {
  it('describes what every parsing path returns', () => {
    expect(feedbackSchema.safeParse(defaultFeedback()).success).toBe(true);
    expect(feedbackSchema.safeParse(validateFeedback(valid)).success).toBe(true);
    expect(feedbackSchema.safeParse(parseFeedbackText('Overall: 7/10')).success).toBe(true);
  });
});

describe('validateFeedback: spec §5 "all five scores are numbers from 1 to 10"', () => {
  const withOverall = (overallScore: unknown) => validateFeedback({ ...valid, overallScore });

  it.each([
    [0, false],
    [1, true],
    [5.5, true],
    [10, true],
    [11, false],
    [-3, false],
    ['7', false],
    [null, false],
    [undefined, false],
    [Number.NaN, false],
    [Number.POSITIVE_INFINITY, false],
  ])('overall score %s accepted: %s', (score, accepted) => {
    expect(withOverall(score) !== null).toBe(accepted);
  });

  it.each(['empathyScore', 'clarityScore', 'persuasionScore', 'objectionHandlingScore'] as const)(
    'rejects a missing %s',
    (key) => {
      const raw: Record<string, unknown> = { ...valid };
      delete raw[key];
      expect(validateFeedback(raw)).toBeNull();
    },
  );

  it('exposes the score rule as a schema', () => {
    const scores = { ...valid, strengths: undefined };
    expect(feedbackScoresSchema.safeParse(scores).success).toBe(true);
    expect(feedbackScoresSchema.safeParse({ ...scores, clarityScore: 0 }).success).toBe(false);
  });
});

describe('validateFeedback: spec §5 "the three lists are non-empty arrays"', () => {
  it.each(['strengths', 'areasForImprovement', 'suggestedResponses'] as const)(
    'rejects %s when empty, missing or not an array',
    (key) => {
      expect(validateFeedback({ ...valid, [key]: [] })).toBeNull();
      expect(validateFeedback({ ...valid, [key]: undefined })).toBeNull();
      expect(validateFeedback({ ...valid, [key]: 'Good rapport' })).toBeNull();
      expect(validateFeedback({ ...valid, [key]: [42, '', { quote: 'x' }] })).toBeNull();
    },
  );

  it('normalises items given as strings or {text, quote}', () => {
    const feedback = validateFeedback(valid);
    expect(feedback?.strengths).toEqual([
      { text: 'You named the worry.', quote: 'that sounds worrying' },
      { text: 'Clear plan.', quote: null },
    ]);
    expect(feedback?.areasForImprovement[1]).toEqual({ text: 'Check understanding.', quote: null });
    expect(feedback?.suggestedResponses).toEqual([
      'What worries you most?',
      'How does that sound?',
    ]);
  });

  it('spec §9 "at most 3": truncates longer lists to their first three items', () => {
    const five = ['a', 'b', 'c', 'd', 'e'];
    const feedback = validateFeedback({
      ...valid,
      strengths: five,
      areasForImprovement: five,
      suggestedResponses: five,
    });
    expect(feedback?.strengths.map((s) => s.text)).toEqual(['a', 'b', 'c']);
    expect(feedback?.areasForImprovement).toHaveLength(3);
    expect(feedback?.suggestedResponses).toEqual(['a', 'b', 'c']);
  });

  it('accepts the snake_case columns of the original product', () => {
    const feedback = validateFeedback({
      overall_score: 6,
      empathy_score: 6,
      clarity_score: 6,
      persuasion_score: 6,
      objection_handling_score: 6,
      strengths: ['x'],
      areas_for_improvement: ['y'],
      suggested_responses: ['z'],
    });
    expect(feedback?.overallScore).toBe(6);
    expect(feedback?.areasForImprovement).toEqual([{ text: 'y', quote: null }]);
  });

  it.each([null, 'text', 7, [valid]])('rejects %j as a whole', (raw) => {
    expect(validateFeedback(raw)).toBeNull();
  });
});

describe('parseFeedbackText: spec §5 fallbacks in order', () => {
  it('bare valid JSON passes with no fallback', () => {
    const parsed = parseFeedbackText(JSON.stringify(valid));
    expect(parsed.fallback).toBeNull();
    expect(parsed.empathyScore).toBe(8);
  });

  it('"the text is scanned for JSON": JSON fenced in ```json', () => {
    const text = `Here you go:\n\`\`\`json\n${JSON.stringify(valid, null, 2)}\n\`\`\`\nGood luck!`;
    const parsed = parseFeedbackText(text);
    expect(parsed.fallback).toBe('json_in_text');
    expect(parsed.clarityScore).toBe(6);
  });

  it('"the text is scanned for JSON": JSON surrounded by prose, braces inside strings', () => {
    const withBraces = { ...valid, suggestedResponses: ['Say {this} calmly', 'Ask "why}"'] };
    const parsed = parseFeedbackText(`Sure! ${JSON.stringify(withBraces)} Hope it helps.`);
    expect(parsed.fallback).toBe('json_in_text');
    expect(parsed.suggestedResponses).toEqual(['Say {this} calmly', 'Ask "why}"']);
  });

  it('an invalid JSON object in prose does not count; a later valid one does', () => {
    const text = `Draft: {"overallScore": 11} Final: ${JSON.stringify(valid)}`;
    expect(parseFeedbackText(text).fallback).toBe('json_in_text');
  });

  it('"failing that for scores and bullet lines": markdown report', () => {
    const text = [
      '## Scores',
      'Overall score - 6',
      'Empathy & Rapport: 8/10',
      '**Clarity:** 7 out of 10',
      'Persuasion = 4',
      'Objection Handling: 3/10',
      '',
      '### Strengths',
      '- You opened warmly: "I can see this is worrying you"',
      '* Clear explanation of the crown',
      '',
      '**Areas for Improvement:**',
      '1. Explore the cost concern before answering',
      '2) Check understanding',
      '3. Slow down',
      '4. Fourth point is dropped',
      '',
      'Suggested Alternative Responses:',
      '- "What matters most to you about this?"',
    ].join('\n');
    const parsed = parseFeedbackText(text);
    expect(parsed).toMatchObject({
      fallback: 'text_scan',
      overallScore: 6,
      empathyScore: 8,
      clarityScore: 7,
      persuasionScore: 4,
      objectionHandlingScore: 3,
    });
    expect(parsed.strengths).toEqual([
      {
        text: 'You opened warmly: "I can see this is worrying you"',
        quote: 'I can see this is worrying you',
      },
      { text: 'Clear explanation of the crown', quote: null },
    ]);
    expect(parsed.areasForImprovement.map((a) => a.text)).toEqual([
      'Explore the cost concern before answering',
      'Check understanding',
      'Slow down',
    ]);
    expect(parsed.suggestedResponses).toEqual(['"What matters most to you about this?"']);
  });

  it('text scan: missing scores become 5, missing lists get the default texts', () => {
    const parsed = parseFeedbackText('Empathy: 9/10. The rest was fine.');
    expect(parsed.fallback).toBe('text_scan');
    expect(parsed.empathyScore).toBe(9);
    expect(parsed.overallScore).toBe(5);
    expect(parsed.clarityScore).toBe(5);
    expect(parsed.strengths).toEqual(defaultFeedback().strengths);
    expect(parsed.suggestedResponses).toEqual(defaultFeedback().suggestedResponses);
  });

  it.each([
    ['Empathy: 0/10', 5],
    ['Empathy: 1/10', 1],
    ['Empathy: 10/10', 10],
    ['Empathy: 11/10', 5],
  ])('text scan boundary: %s gives %i', (line, expected) => {
    expect(parseFeedbackText(`${line}\nClarity: 6/10`).empathyScore).toBe(expected);
  });

  it('text scan: prose numbers without a separator or "/10" are not scores', () => {
    const parsed = parseFeedbackText('Overall, you raised 3 good points about empathy in 2 turns.');
    expect(parsed.fallback).toBe('default');
  });

  it('"the final fallback is 5 for every score plus generic default texts"', () => {
    for (const text of ['', 'I cannot help with that.', '{"broken": ']) {
      const parsed = parseFeedbackText(text);
      expect(parsed).toEqual(defaultFeedback());
      expect(parsed.fallback).toBe('default');
    }
  });

  it('default feedback passes its own validation with 2-3 items per list (spec §3)', () => {
    const fallback = defaultFeedback();
    expect(validateFeedback(fallback)).not.toBeNull();
    for (const list of [
      fallback.strengths,
      fallback.areasForImprovement,
      fallback.suggestedResponses,
    ]) {
      expect(list.length).toBeGreaterThanOrEqual(2);
      expect(list.length).toBeLessThanOrEqual(3);
    }
    expect([
      fallback.overallScore,
      fallback.empathyScore,
      fallback.clarityScore,
      fallback.persuasionScore,
      fallback.objectionHandlingScore,
    ]).toEqual([5, 5, 5, 5, 5]);
  });
});

describe('feedbackBarColour: spec §9 "green 8 or more, yellow 6 or more, else red"', () => {
  it.each([
    [10, 'green'],
    [8, 'green'],
    [7.9, 'yellow'],
    [6, 'yellow'],
    [5.9, 'red'],
    [1, 'red'],
    [0, 'red'],
  ])('%s is %s', (score, colour) => {
    expect(feedbackBarColour(score)).toBe(colour);
  });
});
