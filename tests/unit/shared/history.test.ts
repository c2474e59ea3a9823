import { describe, expect, it } from 'vitest';
import {
  SUB_SCORE_ROWS,
  difficultyLabel,
  historyEntries,
  historyTitle,
  mergeHistoryPages,
  type HistoryEntry,
  type HistorySource,
} from '#shared/history';
import type { ProgressFeedback } from '#shared/progress';

const scores = (overall: number, rest: number[] = [7, 6, 5, 4]): ProgressFeedback => ({
  overallScore: overall,
  empathyScore: rest[0] ?? null,
  clarityScore: rest[1] ?? null,
  persuasionScore: rest[2] ?? null,
  objectionHandlingScore: rest[3] ?? null,
});

function source(id: string, day: number, overrides: Partial<HistorySource> = {}): HistorySource {
  const createdAt = new Date(Date.UTC(2025, 2, day, 9, 30)).toISOString();
  return {
    id,
    createdAt,
    endedAt: new Date(Date.UTC(2025, 2, day, 9, 42)).toISOString(),
    successRating: null,
    scenario: { title: `Scenario ${id}`, difficulty: 'beginner', language: 'en' },
    feedback: [scores(8)],
    ...overrides,
  };
}

describe('historyEntries (spec §5)', () => {
  it('keeps completed sessions with feedback or a success rating, newest first', () => {
    const entries = historyEntries([
      source('a', 1),
      source('b', 5, { feedback: [], successRating: 6 }),
      source('c', 3, { feedback: [], successRating: null }),
      source('d', 4, { endedAt: null }),
      source('e', 2),
    ]);
    expect(entries.map((e) => e.conversationId)).toEqual(['b', 'e', 'a']);
  });

  it('removes duplicates by id (the first one wins)', () => {
    const entries = historyEntries([
      source('a', 1, { feedback: [scores(3)] }),
      source('a', 1, { feedback: [scores(9)] }),
      source('b', 2),
    ]);
    expect(entries.map((e) => [e.conversationId, e.overallScore])).toEqual([
      ['b', 8],
      ['a', 3],
    ]);
  });

  it('orders equal times by id, descending, like the SQL', () => {
    const entries = historyEntries([source('a', 1), source('c', 1), source('b', 1)]);
    expect(entries.map((e) => e.conversationId)).toEqual(['c', 'b', 'a']);
  });

  it.each([
    ['first feedback overall', [scores(8), scores(2)], 5, 8],
    ['success rating without feedback', [], 5, 5],
    [
      'success rating when the feedback has no overall',
      [{ ...scores(1), overallScore: null }],
      5,
      5,
    ],
  ] as const)('overall score: %s', (_name, feedback, rating, expected) => {
    const [entry] = historyEntries([
      source('a', 1, { feedback: [...feedback], successRating: rating }),
    ]);
    expect(entry?.overallScore).toBe(expected);
  });

  it('carries the four sub-scores of the first feedback, or null without feedback', () => {
    const [withFeedback] = historyEntries([source('a', 1)]);
    expect(withFeedback?.subScores).toEqual({
      empathy: 7,
      clarity: 6,
      persuasion: 5,
      objectionHandling: 4,
    });
    const [ratingOnly] = historyEntries([source('b', 1, { feedback: [], successRating: 4 })]);
    expect(ratingOnly?.subScores).toBeNull();
  });

  it('carries a missing scenario as nulls', () => {
    const [entry] = historyEntries([source('a', 1, { scenario: null })]);
    expect(entry).toMatchObject({ scenarioTitle: null, scenarioLanguage: null, difficulty: null });
  });

  it('carries the language the scenario is written in, for its title', () => {
    const scenario = {
      title: 'Corona en dos visitas',
      difficulty: 'beginner',
      language: 'es',
    } as const;
    const [entry] = historyEntries([source('a', 1, { scenario })]);
    expect(entry).toMatchObject({ scenarioTitle: 'Corona en dos visitas', scenarioLanguage: 'es' });
  });
});

describe('mergeHistoryPages (load more)', () => {
  const entry = (conversationId: string, day: number): HistoryEntry => ({
    conversationId,
    scenarioTitle: 'T',
    scenarioLanguage: 'en',
    difficulty: 'beginner',
    createdAt: new Date(Date.UTC(2025, 2, day)).toISOString(),
    endedAt: null,
    overallScore: 7,
    subScores: null,
  });

  it('appends the next page without repeating an id', () => {
    const merged = mergeHistoryPages(
      [entry('e', 5), entry('d', 4)],
      [entry('d', 4), entry('c', 3)],
    );
    expect(merged.map((e) => e.conversationId)).toEqual(['e', 'd', 'c']);
  });
});

describe('display helpers (spec §2 Tab 3)', () => {
  it.each([
    ['Crown Consultation', 'Crown Consultation'],
    ['  Implant  ', 'Implant'],
    ['', 'Untitled Scenario'],
    ['   ', 'Untitled Scenario'],
    [null, 'Untitled Scenario'],
    [undefined, 'Untitled Scenario'],
  ])('title %j → %s', (title, expected) => {
    expect(historyTitle(title)).toBe(expected);
  });

  it.each([
    ['beginner', 'Beginner'],
    ['intermediate', 'Intermediate'],
    ['advanced', 'Advanced'],
    ['expert', 'Expert'],
    ['', 'Unknown'],
    [null, 'Unknown'],
    [undefined, 'Unknown'],
  ])('difficulty %j → %s', (difficulty, expected) => {
    expect(difficultyLabel(difficulty)).toBe(expected);
  });

  it('lists the four sub-scores in the spec order', () => {
    expect(SUB_SCORE_ROWS.map((r) => r.label)).toEqual([
      'Empathy',
      'Clarity',
      'Persuasion',
      'Objection Handling',
    ]);
  });
});
