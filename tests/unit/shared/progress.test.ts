import { describe, expect, it } from 'vitest';
import { INSIGHT_TEXT } from '#shared/text';
import {
  PROFICIENCY_HALF_LIFE,
  averageScore,
  chartPoints,
  emptyProgressSummary,
  improvementRate,
  progressInsights,
  roundToOneDecimal,
  conversationScore,
  skillProficiency,
  summarizeProgress,
  type ProgressFeedback,
  type ProgressPoint,
  type ProgressConversation,
} from '#shared/progress';

function feedback(
  overall: number | null,
  [empathy, clarity, persuasion, objection]: (number | null)[] = [
    overall,
    overall,
    overall,
    overall,
  ],
): ProgressFeedback {
  return {
    overallScore: overall,
    empathyScore: empathy ?? null,
    clarityScore: clarity ?? null,
    persuasionScore: persuasion ?? null,
    objectionHandlingScore: objection ?? null,
  };
}

let counter = 0;
function session(
  day: number,
  options: {
    feedback?: ProgressFeedback[];
    successRating?: number | null;
    ended?: boolean;
  } = {},
): ProgressConversation {
  const createdAt = new Date(Date.UTC(2025, 0, day, 15, 4)).toISOString();
  return {
    id: `s${++counter}`,
    createdAt,
    endedAt: options.ended === false ? null : createdAt,
    successRating: options.successRating ?? null,
    feedback: options.feedback ?? [],
  };
}

function point(overall: number, skills: Partial<Omit<ProgressPoint, 'date'>> = {}): ProgressPoint {
  return {
    date: '2025-01-05T15:04:00.000Z',
    overall,
    empathy: overall,
    clarity: overall,
    persuasion: overall,
    objection: overall,
    ...skills,
  };
}

describe('conversationScore (spec §5: first feedback overall, else success_rating)', () => {
  it.each([
    ['feedback overall wins over the rating', [feedback(8)], 3, 8],
    ['only the first feedback counts', [feedback(4), feedback(9)], null, 4],
    ['rating when there is no feedback', [], 6, 6],
    ['rating when the feedback overall is not a number', [feedback(null)], 7, 7],
    ['nothing when neither exists', [], null, null],
    [
      'nothing when the feedback has no overall and there is no rating',
      [feedback(null)],
      null,
      null,
    ],
  ] as const)('%s', (_name, fb, rating, expected) => {
    expect(conversationScore(session(1, { feedback: [...fb], successRating: rating }))).toBe(
      expected,
    );
  });
});

describe('averageScore (spec §5)', () => {
  it.each([
    ['no sessions', [], 0],
    ['one session with feedback', [session(1, { feedback: [feedback(7)] })], 7],
    [
      'feedback and rating-only sessions both count',
      [session(1, { feedback: [feedback(6)] }), session(2, { successRating: 9 })],
      7.5,
    ],
    [
      'a session with neither score does not count (not a zero)',
      [session(1, { feedback: [feedback(8)] }), session(2)],
      8,
    ],
    [
      'open sessions never count',
      [session(1, { feedback: [feedback(8)] }), session(2, { successRating: 2, ended: false })],
      8,
    ],
    [
      'thirds are kept unrounded',
      [
        session(1, { feedback: [feedback(7)] }),
        session(2, { feedback: [feedback(7)] }),
        session(3, { feedback: [feedback(8)] }),
      ],
      22 / 3,
    ],
  ] as const)('%s → %s', (_name, sessions, expected) => {
    expect(averageScore(sessions)).toBeCloseTo(expected, 10);
  });

  it.each([
    [22 / 3, 7.3],
    [7.25, 7.3],
    [7.24, 7.2],
    [0, 0],
    [10, 10],
  ])('rounds %s to one decimal → %s', (value, expected) => {
    expect(roundToOneDecimal(value)).toBe(expected);
  });
});

describe('chartPoints (spec §5, §3)', () => {
  it('keeps only sessions whose first feedback has a numeric overall score, oldest first', () => {
    const sessions = [
      session(9, { feedback: [feedback(9, [8, 7, 6, 5])] }),
      session(3, { feedback: [feedback(5, [4, 5, 6, 7])] }),
      session(5, { successRating: 8 }),
      session(6, { feedback: [feedback(null), feedback(9)] }),
      session(7, { feedback: [feedback(6)], ended: false }),
    ];
    expect(chartPoints(sessions)).toEqual([
      {
        date: '2025-01-03T15:04:00.000Z',
        overall: 5,
        empathy: 4,
        clarity: 5,
        persuasion: 6,
        objection: 7,
      },
      {
        date: '2025-01-09T15:04:00.000Z',
        overall: 9,
        empathy: 8,
        clarity: 7,
        persuasion: 6,
        objection: 5,
      },
    ]);
  });

  it('treats a missing objection score as 0', () => {
    const [only] = chartPoints([session(1, { feedback: [feedback(7, [7, 7, 7, null])] })]);
    expect(only?.objection).toBe(0);
  });

  it.each([
    ['given in id order', ['a', 'b', 'c']],
    ['given in reverse', ['c', 'b', 'a']],
    ['given shuffled', ['b', 'c', 'a']],
  ])('orders sessions started at the same moment by id, as the SQL does (%s)', (_name, ids) => {
    const scores: Record<string, number> = { a: 4, b: 6, c: 8 };
    const sessions = ids.map((id) => ({
      ...session(2, { feedback: [feedback(scores[id]!)] }),
      id,
    }));
    expect(chartPoints(sessions).map((p) => p.overall)).toEqual([4, 6, 8]);
  });
});

describe('improvementRate (spec §5)', () => {
  it.each([
    ['no points', [], 0],
    ['one point', [5], 0],
    ['6 → 8 is +33%', [6, 8], 33],
    ['5 → 7.5 is +50%', [5, 7.5], 50],
    ['4 → 9 is +125%', [4, 9], 125],
    ['only first and last matter', [5, 1, 10, 6], 20],
    ['3 → 4 rounds 33.3 down', [3, 4], 33],
    ['8 → 9 rounds 12.5 up', [8, 9], 13],
    ['a decline is 0, never negative', [8, 6], 0],
    ['a tiny decline is 0, not -0', [1000, 999], 0],
    ['steady is 0', [7, 7], 0],
    ['a first score of 0 gives 0', [0, 8], 0],
  ] as const)('%s', (_name, overalls, expected) => {
    const rate = improvementRate(overalls.map((overall) => ({ overall })));
    expect(rate).toBe(expected);
    expect(Object.is(rate, -0)).toBe(false);
  });
});

describe('progressInsights (spec §2 insight rules, §8 texts)', () => {
  it('gives the three fallback tips with no data', () => {
    expect(progressInsights([])).toEqual([
      'Complete more sessions to see personalized insights.',
      'Practice with different scenario types to improve your skills.',
      'After each session, review your feedback to identify growth areas.',
    ]);
    expect(INSIGHT_TEXT.fallback).toHaveLength(3);
  });

  it.each([
    [
      'best skill, weak skill below 7, upward trend',
      [point(5), point(7, { empathy: 9, clarity: 6, persuasion: 7, objection: 8 })],
      [
        'Your empathy scores are consistently high, showing strong empathy skills.',
        'Focus on improving your clarity, which shows the most room for growth.',
        'Your overall performance is trending upward, indicating good progress.',
      ],
    ],
    [
      'no focus insight when the weakest skill is 7',
      [point(8, { empathy: 7, clarity: 9, persuasion: 8, objection: 7 })],
      [
        'Your clarity scores are consistently high, showing strong clarity skills.',
        'Your overall performance is steady. Try new techniques to see improvement.',
      ],
    ],
    [
      'objection handling is named in words',
      [point(9), point(6, { empathy: 5, clarity: 6, persuasion: 7, objection: 8 })],
      [
        'Your objection handling scores are consistently high, showing strong objection handling skills.',
        'Focus on improving your empathy, which shows the most room for growth.',
        'Your recent scores show a slight decline. Review feedback carefully in your next sessions.',
      ],
    ],
    [
      'only the latest session ranks the skills',
      [point(4, { persuasion: 10 }), point(4, { empathy: 3, clarity: 8, persuasion: 5 })],
      [
        'Your clarity scores are consistently high, showing strong clarity skills.',
        'Focus on improving your empathy, which shows the most room for growth.',
        'Your overall performance is steady. Try new techniques to see improvement.',
      ],
    ],
    [
      'ties: the earlier skill is best and the later one weakest',
      [point(5)],
      [
        'Your empathy scores are consistently high, showing strong empathy skills.',
        'Focus on improving your objection handling, which shows the most room for growth.',
        'Your overall performance is steady. Try new techniques to see improvement.',
      ],
    ],
    [
      'a missing (0) objection score neither ranks nor triggers the focus insight',
      [point(8, { empathy: 8, clarity: 9, persuasion: 8, objection: 0 })],
      [
        'Your clarity scores are consistently high, showing strong clarity skills.',
        'Your overall performance is steady. Try new techniques to see improvement.',
      ],
    ],
    [
      'the trend compares first and last only',
      [point(6), point(9), point(2), point(7)],
      [
        'Your empathy scores are consistently high, showing strong empathy skills.',
        INSIGHT_TEXT.trendUpward,
      ],
    ],
  ] as const)('%s', (_name, points, expected) => {
    expect(progressInsights(points)).toEqual(expected);
  });

  it.each([
    [[6, 7], INSIGHT_TEXT.trendUpward],
    [[7, 7], INSIGHT_TEXT.trendSteady],
    [[7, 6], INSIGHT_TEXT.trendDecline],
    [[7], INSIGHT_TEXT.trendSteady],
  ] as const)('trend of %j', (overalls, text) => {
    const insights = progressInsights(overalls.map((o) => point(o)));
    expect(insights[insights.length - 1]).toBe(text);
  });
});

describe('skillProficiency (recency-weighted, half-life of 3 sessions)', () => {
  it('is null for every skill without data', () => {
    expect(skillProficiency([])).toEqual([
      { skill: 'empathy', value: null, sessions: 0 },
      { skill: 'clarity', value: null, sessions: 0 },
      { skill: 'persuasion', value: null, sessions: 0 },
      { skill: 'objection', value: null, sessions: 0 },
    ]);
  });

  it('equals the score with one session', () => {
    expect(skillProficiency([point(6)]).map((p) => p.value)).toEqual([6, 6, 6, 6]);
  });

  it('weighs a session half as much as one three sessions newer', () => {
    expect(PROFICIENCY_HALF_LIFE).toBe(3);
    // Weights 0.5, 0.63, 0.79, 1 → (4·0.5 + 10·(0.63 + 0.79 + 1)) / 2.92 = 8.97.
    const points = [point(4), point(10), point(10), point(10)];
    expect(skillProficiency(points)[0]).toEqual({ skill: 'empathy', value: 9, sessions: 4 });
    // A bad latest session pulls harder than in the unweighted mean (8.5):
    // (10·(0.5 + 0.63 + 0.79) + 4·1) / 2.92 = 7.95.
    const reversed = [point(10), point(10), point(10), point(4)];
    expect(skillProficiency(reversed)[0]?.value).toBe(7.9);
  });

  it('matches the formula for two sessions: 6 then 8 → 7.1', () => {
    const w = 0.5 ** (1 / 3);
    expect((6 * w + 8) / (w + 1)).toBeCloseTo(7.115, 3);
    expect(skillProficiency([point(6), point(8)])[1]?.value).toBe(7.1);
  });

  it('skips sessions where a skill was not scored (0)', () => {
    const result = skillProficiency([point(5, { objection: 0 }), point(9, { objection: 0 })]);
    expect(result[3]).toEqual({ skill: 'objection', value: null, sessions: 0 });
  });

  it('stays finite over a thousand sessions', () => {
    const points = Array.from({ length: 1000 }, (_, i) => point((i % 10) + 1));
    for (const p of skillProficiency(points)) {
      expect(Number.isFinite(p.value)).toBe(true);
      expect(p.sessions).toBe(1000);
    }
  });
});

describe('summarizeProgress (spec §3 progress summary)', () => {
  it('puts the rules together', () => {
    const summary = summarizeProgress([
      session(1, { feedback: [feedback(6, [6, 5, 6, 7])] }),
      session(2, { successRating: 9 }),
      session(3, { feedback: [feedback(8, [8, 7, 9, 6])] }),
      session(4, { ended: false, successRating: 1 }),
    ]);
    expect(summary.completedConversations).toBe(3);
    expect(summary.avgScore).toBe(7.7);
    expect(summary.improvementRate).toBe(33);
    expect(summary.points.map((p) => p.overall)).toEqual([6, 8]);
    expect(summary.insights).toEqual([
      'Your persuasion scores are consistently high, showing strong persuasion skills.',
      'Focus on improving your objection handling, which shows the most room for growth.',
      'Your overall performance is trending upward, indicating good progress.',
    ]);
  });

  it('is all zeros with the fallback tips when empty (also the state after an error)', () => {
    const empty = emptyProgressSummary();
    expect(summarizeProgress([])).toEqual(empty);
    expect(empty).toMatchObject({ completedConversations: 0, avgScore: 0, improvementRate: 0 });
    expect(empty.insights).toEqual(INSIGHT_TEXT.fallback);
  });
});
