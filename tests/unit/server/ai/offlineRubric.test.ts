import { describe, expect, it } from 'vitest';
import { OFFLINE_SKILLS } from '#server/ai/offline/rubric';
import { gradeConversation } from '#server/ai/offline/grader';
import type { ChatTurn } from '#server/ai/types';
import { SCORE_KEYS, type ScoreKey } from '#shared/feedback';
import { anchorFor, RUBRIC, type RubricLevel } from '#shared/rubric';
import { conversation, crownScenario } from '../../../fixtures/offlineScenario';

const COST = 'How much is this going to cost me? Money is tight at the moment.';

/** Only the clinician's words differ between these; the patient's lines are fixed. */
const LISTENING = conversation(crownScenario, [
  ['Hi Dana, thanks for coming in. What brings you here today?', COST],
  [
    'It sounds like money is a real worry right now. Tell me more about what concerns you.',
    "I just worry it'll be more than I can manage. Is there a cheaper way?",
  ],
  [
    "That's completely understandable. The crown costs £450, and we can spread the payments monthly.",
    'Okay, knowing what it costs and that I can pay in parts makes it feel doable.',
  ],
  [
    "Many patients feel nervous, and that's normal. How do you feel about the injection and whether it will hurt?",
    'Will it hurt? I get really tense in the chair.',
  ],
  [
    "I understand. We'll keep checking you're numb and stop whenever you raise a hand, so you stay comfortable.",
    "Alright. If you'll keep checking I'm numb, I think I can cope with that.",
  ],
  [
    'Your options are a crown, a large filling that may crack again, or waiting and monitoring it. Does that make sense?',
    'I suppose so.',
  ],
  [
    'I would recommend the crown. Would you like to go ahead?',
    "Okay, I think that makes sense. Let's book the crown.",
  ],
]);

const BRUSHING_OFF = conversation(crownScenario, [
  ['Right, the tooth is cracked and it needs a crown.', COST],
  ['It is what it is. Shall we book you in?', "I'm not ready to decide yet."],
  ['Do you want the Tuesday slot?', 'Will it hurt? I get really tense in the chair.'],
  ['It will be fine. Is Tuesday okay?', "I'd like to talk it over with my partner first."],
]);

const JARGON = conversation(crownScenario, [
  ['The tooth has a fracture and you have irreversible pulpitis.', COST],
  [
    'There is also a periapical radiolucency, so endodontic therapy is indicated.',
    "I just worry it'll be more than I can manage.",
  ],
  ['Then a crown with good occlusal coverage. Does that make sense?', 'I suppose so.'],
]);

const PUSHY = conversation(crownScenario, [
  [
    'A crown would protect the tooth so you can chew comfortably again.',
    'How much is this going to cost me?',
  ],
  [
    'It is £450, but this price is a limited time offer, so you need to book today.',
    "I'd like to think about it.",
  ],
  ["Everyone does this, trust me. Don't wait, let's book it today.", "I'll talk to my partner."],
]);

function metLevel(history: readonly ChatTurn[], skill: ScoreKey): RubricLevel {
  const feedback = gradeConversation({ scenario: crownScenario, history });
  return anchorFor(skill, feedback[skill]).level;
}

describe('the offline grader and the shared rubric', () => {
  it('scores each skill under the shared rubric entry, and the overall from them', () => {
    const direct = Object.keys(OFFLINE_SKILLS) as ScoreKey[];
    expect(['overallScore', ...direct].sort()).toEqual([...SCORE_KEYS].sort());
    for (const key of direct) {
      const skill = OFFLINE_SKILLS[key as keyof typeof OFFLINE_SKILLS];
      expect(skill.rubric).toBe(RUBRIC.find((r) => r.key === key));
      expect(skill.evidence.length).toBeGreaterThan(0);
    }
  });

  it.each([
    ['listening throughout', LISTENING, 'overallScore', 'good'],
    ['listening throughout', LISTENING, 'empathyScore', 'good'],
    ['listening throughout', LISTENING, 'objectionHandlingScore', 'good'],
    ['brushing worries off', BRUSHING_OFF, 'empathyScore', 'poor'],
    ['brushing worries off', BRUSHING_OFF, 'objectionHandlingScore', 'poor'],
    ['brushing worries off', BRUSHING_OFF, 'overallScore', 'poor'],
    ['unexplained jargon', JARGON, 'clarityScore', 'poor'],
    ['fear and urgency', PUSHY, 'persuasionScore', 'poor'],
  ] as const)('%s meets the %s anchor at %s', (_name, history, skill, level) => {
    expect(metLevel(history, skill)).toBe(level);
  });
});
