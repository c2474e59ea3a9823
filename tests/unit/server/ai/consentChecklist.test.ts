import { describe, expect, it } from 'vitest';
import { conversation, crownScenario } from '../../../fixtures/offlineScenario';
import { consentChecklist } from '#server/ai/offline/consent';
import { replayConversation } from '#server/ai/offline/patientState';
import { persuasionWithoutConsent, type ConsentItem, type ConsentStatus } from '#shared/debrief';

/** One labelled small transcript per row (clinician lines only) and the item it decides. */
const TABLE: Array<[label: string, lines: string[], item: ConsentItem, status: ConsentStatus]> = [
  [
    'options and waiting',
    ['There are a few options: a crown, a large filling, or leaving it and keeping an eye on it.'],
    'options',
    'met',
  ],
  [
    'alternatives without waiting',
    ['The alternative is a large filling instead of a crown.'],
    'options',
    'partly_met',
  ],
  ['one plan only', ['A crown is what you need.'], 'options', 'not_met'],
  [
    'risks and benefits',
    [
      'The main risk of waiting is that the crack spreads. The benefit of a crown is that it protects the tooth for years.',
    ],
    'risks_benefits',
    'met',
  ],
  ['benefits only', ['A crown protects the tooth for years.'], 'risks_benefits', 'partly_met'],
  ['neither', ['Hello.'], 'risks_benefits', 'not_met'],
  [
    'a figure and a way to pay',
    ['A crown costs £450, and we can spread the payments over three months.'],
    'cost',
    'met',
  ],
  ['cost mentioned, nothing clear', ['We can talk about the cost later.'], 'cost', 'partly_met'],
  ['cost never raised', ['Hello.'], 'cost', 'not_met'],
  [
    'teach-back after explaining',
    [
      'A crown covers the whole tooth to hold the crack together. Can you tell me in your own words what that involves?',
    ],
    'understanding',
    'met',
  ],
  ['a check with nothing explained yet', ['Does that make sense?'], 'understanding', 'partly_met'],
  [
    'never checked',
    ['A crown covers the whole tooth to hold the crack together.'],
    'understanding',
    'not_met',
  ],
  [
    'choice left with the patient',
    ["It's entirely your choice, and you don't need to decide today."],
    'decision_respected',
    'met',
  ],
  [
    'pressure',
    ["You need to book today, or you'll lose the tooth."],
    'decision_respected',
    'not_met',
  ],
  [
    'fear tactic',
    ["If you don't do this, you'll lose all your teeth."],
    'decision_respected',
    'not_met',
  ],
  [
    'worry brushed aside, then asked to go ahead',
    ['Nothing to worry about. Shall we go ahead and book you in?'],
    'decision_respected',
    'partly_met',
  ],
];

function checklist(lines: string[]) {
  return consentChecklist(
    replayConversation(
      crownScenario,
      conversation(
        crownScenario,
        lines.map((l) => [l] as const),
      ),
    ),
  );
}

describe('offline informed-consent checklist', () => {
  it.each(TABLE)('%s: %s → %s %s', (_label, lines, item, status) => {
    const { checks } = checklist(lines);
    expect(checks.map((c) => c.item)).toEqual([
      'options',
      'risks_benefits',
      'cost',
      'understanding',
      'decision_respected',
    ]);
    const found = checks.find((c) => c.item === item)!;
    expect(found.status).toBe(status);
    if (status === 'not_met' && item !== 'decision_respected') expect(found.evidence).toBeNull();
    if (found.evidence)
      expect(lines[(found.evidence.turn - 2) / 2]).toContain(found.evidence.quote);
  });

  it('flags pressure and fear tactics even when the patient went on to agree', () => {
    const { flags } = checklist([
      "You need to book today, or you'll lose the tooth.",
      "If you don't do this, you'll lose all your teeth.",
      "I'm sorry, that sounds hard. Shall we go ahead and book you in?",
    ]);
    const found = flags.map((f) => [f.kind, f.turn]);
    expect(found).toEqual(
      expect.arrayContaining([
        ['pressure', 2],
        ['fear_tactic', 3],
      ]),
    );
    // The kind question at the end is flagged for nothing, agreed to or not.
    expect(found.filter(([, turn]) => turn === 4)).toEqual([]);
  });
});

describe('high persuasion with poor consent', () => {
  const met = (status: ConsentStatus) =>
    (['options', 'risks_benefits', 'cost', 'understanding', 'decision_respected'] as const).map(
      (item) => ({ item, status, evidence: null }),
    );
  const flag = { turn: 2, kind: 'pressure' as const, quote: 'Book today.', label: 'pressure' };
  it.each([
    ['high persuasion, consent met', 8, met('met'), [], false],
    ['high persuasion, consent partly met', 8, met('partly_met'), [], true],
    ['high persuasion, consent met but a push flagged', 9, met('met'), [flag], true],
    ['ordinary persuasion, poor consent', 6, met('not_met'), [flag], false],
  ] as const)('%s', (_label, score, checks, flags, expected) => {
    expect(persuasionWithoutConsent(score, { checks: [...checks], flags: [...flags] })).toBe(
      expected,
    );
  });
});
