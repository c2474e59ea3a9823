import { describe, expect, it } from 'vitest';
import { resolveDebrief, type DebriefTurn } from '#server/ai/debrief/resolveDebrief';
import { parseGraderDebrief } from '#server/ai/debriefPrompt';
import { crownScenario } from '../../../fixtures/offlineScenario';
import type { DebriefDraft } from '#shared/debrief';

const TURNS: DebriefTurn[] = [
  { id: 'm1', role: 'assistant', content: 'Will it hurt?' },
  { id: 'm2', role: 'user', content: "That's a fair worry. What has happened before?" },
  { id: 'm3', role: 'assistant', content: 'A dentist drilled before I was numb.' },
  { id: 'm4', role: 'user', content: 'You need to book today.' },
];

function draft(parts: Partial<DebriefDraft>): DebriefDraft {
  return {
    source: 'llm',
    notes: [],
    reactions: [],
    states: [],
    thoughts: [],
    hiddenConcerns: [],
    consent: { checks: [], flags: [] },
    ...parts,
  };
}

const note = (turn: number, quote: string) => ({
  turn,
  kind: 'open_question' as const,
  tone: 'good' as const,
  label: 'open question',
  quote,
});

describe('tying a debrief to the stored turns', () => {
  it.each([
    ['the words of that turn', note(2, 'What has happened before?'), 'What has happened before?'],
    ['a copying slip, repaired', note(2, 'what has happened before'), 'What has happened before'],
    ["another turn's words", note(4, 'What has happened before?'), null],
    ["the patient's turn", note(3, 'A dentist drilled'), null],
    ['a turn that does not exist', note(9, 'What'), null],
    ['words never said', note(2, 'What worries you most?'), null],
  ])('a note quoting %s', (_label, given, kept) => {
    const { notes } = resolveDebrief(draft({ notes: [given] }), TURNS);
    expect(notes.map((n) => n.quote)).toEqual(kept === null ? [] : [kept]);
    if (kept !== null) expect(notes[0]?.messageId).toBe(TURNS[given.turn - 1]!.id);
  });

  it('keeps states and thoughts only on patient turns, one per turn', () => {
    const state = { trust: 0.5, anxiety: 0.5, readiness: 0.5, estimated: true };
    const { states, thoughts } = resolveDebrief(
      draft({
        states: [
          { turn: 1, ...state },
          { turn: 2, ...state },
          { turn: 3, ...state },
          { turn: 3, ...state, trust: 1 },
        ],
        thoughts: [
          { turn: 3, text: 'Finally.' },
          { turn: 4, text: 'Pushy.' },
        ],
      }),
      TURNS,
    );
    expect(states.map((s) => [s.messageId, s.trust])).toEqual([
      ['m1', 0.5],
      ['m3', 0.5],
    ]);
    expect(thoughts.map((t) => t.messageId)).toEqual(['m3']);
  });

  it('drops consent evidence that is not the quoted turn, and with it any claim the item was met', () => {
    const { consent } = resolveDebrief(
      draft({
        consent: {
          checks: [
            {
              item: 'understanding',
              status: 'partly_met',
              evidence: { turn: 4, quote: 'What has happened' },
            },
            {
              item: 'decision_respected',
              status: 'not_met',
              evidence: { turn: 4, quote: 'book today' },
            },
          ],
          flags: [{ turn: 2, kind: 'pressure', quote: 'book today', label: 'pressure' }],
        },
      }),
      TURNS,
    );
    // "Partly met" with nothing to show it would read "partly met — nothing shows it".
    expect(consent.checks.map((c) => [c.status, c.evidence?.messageId ?? null])).toEqual([
      ['not_met', null],
      ['not_met', 'm4'],
    ]);
    expect(consent.flags).toEqual([]);
  });
});

describe("reading the grader's debrief", () => {
  const context = { scenario: crownScenario, history: [] };
  it('names hidden concerns from the scenario, counts left-out ones as missed and marks states as estimates', () => {
    const parsed = parseGraderDebrief(
      JSON.stringify({
        notes: [
          note(2, 'What has happened before?'),
          { turn: 2, kind: 'made_up', tone: 'good', label: 'x', quote: 'y' },
        ],
        states: [{ turn: 1, trust: 2, anxiety: -1, readiness: 0.5 }],
        thoughts: [],
        hiddenConcerns: [
          { id: 'bad-experience', uncoveredAtTurn: 3, openedBy: 'Asking about the past.' },
          { id: 'not-in-the-scenario', uncoveredAtTurn: 1, openedBy: 'x' },
        ],
      }),
      context,
    );
    expect(parsed?.notes).toHaveLength(1);
    expect(parsed?.states).toEqual([
      { turn: 1, trust: 1, anxiety: 0, readiness: 0.5, estimated: true },
    ]);
    expect(parsed?.hiddenConcerns).toEqual([
      {
        id: 'time-off-work',
        concern: crownScenario.extras.hiddenConcerns[0]!.concern,
        uncoveredAt: null,
        openedBy: crownScenario.extras.hiddenConcerns[0]!.hint,
      },
      {
        id: 'bad-experience',
        concern: crownScenario.extras.hiddenConcerns[1]!.concern,
        uncoveredAt: { turn: 3 },
        openedBy: 'Asking about the past.',
      },
    ]);
    expect(parsed?.consent.checks.map((c) => c.status)).toEqual(Array(5).fill('not_met'));
  });

  it.each([
    ['prose', 'I cannot help with that.'],
    ['the feedback shape', JSON.stringify({ overallScore: 7, strengths: [] })],
    ['an empty object', '{}'],
  ])('is null for %s', (_label, text) => {
    expect(parseGraderDebrief(text, context)).toBeNull();
  });
});
