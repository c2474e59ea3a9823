import { describe, expect, it } from 'vitest';
import { summariseClass, type ClassConversation } from '#shared/classSummary';
import { CONSENT_ITEMS, type ConsentStatus } from '#shared/debrief';

/** A graded conversation: `scores` overall, empathy, clarity, persuasion, objection. */
function graded(
  userId: string,
  scores: [number, number, number, number, number],
  debrief: ClassConversation['debrief'] = null,
  scenario: [id: string, title: string] = ['s1', 'Fees'],
): ClassConversation {
  const [overall, empathy, clarity, persuasion, objection] = scores;
  return {
    userId,
    scenarioId: scenario[0],
    scenarioTitle: scenario[1],
    scores: { overall, empathy, clarity, persuasion, objection },
    debrief,
  };
}

/** A debrief whose five consent items all have `status` (with evidence unless said). */
function debrief(
  status: ConsentStatus,
  concerns: Array<[id: string, uncovered: boolean]> = [],
  hasEvidence = true,
): NonNullable<ClassConversation['debrief']> {
  return {
    consent: CONSENT_ITEMS.map((item) => ({ item, status, hasEvidence })),
    concerns: concerns.map(([id, uncovered]) => ({ id, concern: `Concern ${id}`, uncovered })),
  };
}

describe('summariseClass', () => {
  it('with no conversations: nothing to average, nothing missed', () => {
    const summary = summariseClass([]);
    expect(summary.conversations).toBe(0);
    expect(summary.trainees).toBe(0);
    expect(summary.debriefed).toBe(0);
    expect(summary.scores.map((s) => s.average)).toEqual([null, null, null, null, null]);
    expect(summary.consent.every((c) => c.average === null && c.met === 0)).toBe(true);
    expect(summary.missedConcerns).toEqual([]);
  });

  it.each([
    // [conversations' overall scores, expected average]: one decimal, as the table shows it.
    [[7], 7],
    [[7, 8], 7.5],
    [[7, 8, 8], 7.7],
    [[1, 10, 10], 7],
  ])('overall scores %j average %s', (overall, expected) => {
    const summary = summariseClass(overall.map((o, i) => graded(`u${i}`, [o, 5, 5, 5, 5])));
    expect(summary.scores[0]).toEqual({ key: 'overall', average: expected, count: overall.length });
  });

  it('averages each skill over every conversation, and counts trainees once', () => {
    const summary = summariseClass([
      graded('ann', [6, 4, 8, 2, 9]),
      graded('ann', [8, 6, 8, 4, 9]),
      graded('bo', [7, 8, 5, 3, 3]),
    ]);
    expect(summary.conversations).toBe(3);
    expect(summary.trainees).toBe(2);
    expect(Object.fromEntries(summary.scores.map((s) => [s.key, s.average]))).toEqual({
      overall: 7,
      empathy: 6,
      clarity: 7,
      persuasion: 3,
      objection: 7,
    });
  });

  it.each([
    // [statuses of three conversations, with evidence?, met, partly, not met, average points]
    [['met', 'met', 'met'], true, 3, 0, 0, 2],
    [['met', 'partly_met', 'not_met'], true, 1, 1, 1, 1],
    [['partly_met', 'partly_met', 'not_met'], true, 0, 2, 1, 0.7],
    // Met with nothing said to show it reads "not met", as on the debrief (consentStatusShown).
    [['met', 'partly_met', 'met'], false, 0, 0, 3, 0],
  ] as const)(
    'consent %j (evidence %s): %s met, %s partly, %s not, %s points',
    (statuses, evidence, met, partlyMet, notMet, average) => {
      const summary = summariseClass(
        statuses.map((s, i) => graded(`u${i}`, [5, 5, 5, 5, 5], debrief(s, [], evidence))),
      );
      for (const item of summary.consent) {
        expect(item).toEqual({ item: item.item, met, partlyMet, notMet, average });
      }
    },
  );

  it('counts consent and concerns only over debriefed conversations', () => {
    const summary = summariseClass([
      graded('ann', [5, 5, 5, 5, 5], null),
      graded('bo', [5, 5, 5, 5, 5], debrief('met', [['fear', false]])),
    ]);
    expect(summary.conversations).toBe(2);
    expect(summary.debriefed).toBe(1);
    expect(summary.consent[0]).toMatchObject({ met: 1, notMet: 0, average: 2 });
    expect(summary.missedConcerns).toEqual([
      {
        scenarioId: 's1',
        scenarioTitle: 'Fees',
        concernId: 'fear',
        concern: 'Concern fear',
        missed: 1,
        of: 1,
      },
    ]);
  });

  it('ranks missed concerns: most missed, then the larger share, then by scenario and name', () => {
    const fees: [string, string] = ['s1', 'Fees'];
    const implant: [string, string] = ['s2', 'Implant'];
    const summary = summariseClass([
      graded(
        'a',
        [5, 5, 5, 5, 5],
        debrief('met', [
          ['cost', false],
          ['fear', false],
        ]),
        fees,
      ),
      graded(
        'b',
        [5, 5, 5, 5, 5],
        debrief('met', [
          ['cost', false],
          ['fear', true],
        ]),
        fees,
      ),
      graded(
        'c',
        [5, 5, 5, 5, 5],
        debrief('met', [
          ['cost', true],
          ['fear', true],
        ]),
        fees,
      ),
      // The same id in another scenario is another concern; missed 1 of 1 beats 1 of 3.
      graded(
        'a',
        [5, 5, 5, 5, 5],
        debrief('met', [
          ['fear', false],
          ['time', true],
        ]),
        implant,
      ),
    ]);
    expect(
      summary.missedConcerns.map((c) => [c.scenarioTitle, c.concernId, c.missed, c.of]),
    ).toEqual([
      ['Fees', 'cost', 2, 3],
      ['Implant', 'fear', 1, 1],
      ['Fees', 'fear', 1, 3],
    ]);
  });

  it('lists at most the number asked for', () => {
    const many = Array.from({ length: 8 }, (_, i) => [`c${i}`, false] as [string, boolean]);
    const summary = summariseClass([graded('a', [5, 5, 5, 5, 5], debrief('met', many))]);
    expect(summary.missedConcerns).toHaveLength(5);
    expect(
      summariseClass([graded('a', [5, 5, 5, 5, 5], debrief('met', many))], { concernsShown: 2 })
        .missedConcerns,
    ).toHaveLength(2);
  });
});
