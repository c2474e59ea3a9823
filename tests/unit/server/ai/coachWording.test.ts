import { describe, expect, it } from 'vitest';
import { conversation, toRecord } from '../../../fixtures/offlineScenario';
import { consentChecklist } from '#server/ai/offline/consent';
import {
  IN_PLACE,
  JARGON_TERMS,
  inPlainWords,
  namesOnlyWordsSaid,
  saysJargon,
} from '#server/ai/offline/jargon';
import { composePatientReply } from '#server/ai/offline/patientReply';
import { replayConversation } from '#server/ai/offline/patientState';
import { suggestedResponses, summariseAndAsk } from '#server/ai/offline/suggestions';
import { scenarioLibrary } from '#server/scenarios/library';
import { consentEvidenceStance, consentStatusShown } from '#shared/debrief';

/**
 * What the built-in coach writes, checked over every shipped scenario: sentences built from a
 * scenario's own words stay grammatical, a plain-words rewrite keeps no jargon, the patient
 * only objects to words that were said, and each consent item agrees with its evidence.
 */
const scenarios = scenarioLibrary.map((seed) => toRecord(seed));

/** The only phrases "Tell me a bit about ..." may end with. */
const ASKABLE =
  /Tell me a bit about (how you are feeling about all this|how the cost sits with you|how the appointments would fit around everything else|any discomfort you have had|what you have heard about the treatment itself|anything that worries you about how it could go|the other ways forward you have thought about|how long you would want it to last|how things have gone for you before|what the people around you think|how you feel about the way your teeth look|how this fits in with work and everyday life|anything else that is on your mind)\."/;

describe('the coach’s wording over every shipped scenario', () => {
  it.each(scenarios.map((s) => [s.slug, s] as const))(
    '%s: a question to uncover what is kept back reads as a sentence',
    (_, scenario) => {
      const replay = replayConversation(scenario, conversation(scenario, [['Hello.']]));
      const uncover = suggestedResponses(scenario, replay).find((s) => s.includes('Tell me a bit'));
      expect(uncover).toBeDefined();
      expect(uncover).toMatch(ASKABLE);
    },
  );

  it.each(scenarios.map((s) => [s.slug, s] as const))(
    '%s: a closing summary names each concern in a phrase that fits the sentence',
    (_, scenario) => {
      const phrase =
        '(how you feel about it|the cost|the time it takes|whether it will hurt|what the treatment involves|what could go wrong|the other options|how long it will last|what happened before|what the people close to you think|how it will look|how it fits around work and daily life)';
      const summary = new RegExp(
        `what matters most to you is (${phrase}(, ${phrase})* and ${phrase}|${phrase}|getting this right for you)\\. Knowing`,
      );
      expect(summariseAndAsk(scenario)).toMatch(summary);
    },
  );

  it.each(JARGON_TERMS.map((term) => [term]))('has a drop-in plain word for "%s"', (term) => {
    expect(IN_PLACE[term]).toBeDefined();
    expect(saysJargon(inPlainWords(`The ${term} needs looking at.`))).toBe(false);
  });

  it('rewrites every term in a line, not only the first', () => {
    const line =
      'The periapical radiolucency means we would recommend endodontic treatment and full coronal coverage.';
    const plain = inPlainWords(line);
    expect(saysJargon(plain)).toBe(false);
    expect(plain).toBe(
      'The root-tip dark patch means we would recommend root canal treatment and a full crown.',
    );
  });

  it.each(scenarios.map((s) => [s.slug, s] as const))(
    '%s: the patient objects only to a word the clinician said',
    (_, scenario) => {
      for (const term of ['periapical', 'occlusal', 'osseointegration', 'caries']) {
        const said = `There is some ${term} involvement on that tooth.`;
        const reply = composePatientReply(scenario, conversation(scenario, [[said]]));
        expect(namesOnlyWordsSaid(reply, said), `${term}: ${reply}`).toBe(true);
      }
    },
  );
});

describe('consent items agree with their evidence', () => {
  const transcripts: string[][] = [
    ['Hello.'],
    ['We can talk about the cost later.'],
    ['You need to decide today, it is now or never.'],
    [
      'There are a few options, including leaving it and keeping an eye on it.',
      'A crown costs £450, and it protects the tooth for years, though there is a small risk to the nerve.',
      'Does that make sense so far? It is entirely your choice.',
    ],
  ];

  it.each(scenarios.map((s) => [s.slug, s] as const))('%s', (_, scenario) => {
    for (const lines of transcripts) {
      const replay = replayConversation(
        scenario,
        conversation(
          scenario,
          lines.map((line) => [line] as const),
        ),
      );
      for (const check of consentChecklist(replay).checks) {
        // Never "partly met" (or met) with "nothing shows it".
        if (check.status !== 'not_met') expect(check.evidence, check.item).not.toBeNull();
        if (check.item === 'cost' && check.status === 'met')
          expect(check.evidence?.quote).toMatch(/£\d|\d+ (pounds|dollars)/);
        if (check.item === 'cost' && check.evidence !== null)
          expect(check.evidence.quote.toLowerCase(), 'cost evidence names the cost').toMatch(
            /cost|£|price|pay|fee|insurance|afford/,
          );
      }
    }
  });

  it('reads a missing line as not met, and evidence on an unmet item as against it', () => {
    expect(consentStatusShown('partly_met', false)).toBe('not_met');
    expect(consentStatusShown('met', false)).toBe('not_met');
    expect(consentStatusShown('partly_met', true)).toBe('partly_met');
    expect(consentEvidenceStance('not_met')).toBe('against');
    expect(consentEvidenceStance('partly_met')).toBe('for');
    expect(consentEvidenceStance('met')).toBe('for');
  });
});
