import { describe, expect, it } from 'vitest';
import { graderSystemPrompt, patientSystemPrompt } from '#server/ai/prompts';
import { OBJECTION_ANCHORS } from '#server/ai/objectionRubric';
import { bandRange, RUBRIC, RUBRIC_BANDS } from '#shared/rubric';
import { setLocaleResolver } from '#shared/i18n/translate';
import { scenarioLibrary } from '#server/scenarios/library';
import { crownScenario, toRecord } from '../../../fixtures/offlineScenario';

describe('prompts', () => {
  it("tells the LLM patient to answer the question before its own agenda, with the scenario's answers", () => {
    const seed = scenarioLibrary.find((s) => s.extras.topicAnswers?.cost !== undefined);
    if (seed === undefined) throw new Error('library changed');
    const prompt = patientSystemPrompt(toRecord(seed));
    expect(prompt).toContain(
      'Answer the question the clinician just asked before you raise anything of your own',
    );
    expect(prompt).toContain('A yes-or-no question gets a short answer');
    expect(prompt).toContain(seed.extras.topicAnswers?.cost?.[0] ?? '');
    expect(patientSystemPrompt(crownScenario)).not.toContain(
      'How you would answer direct questions',
    );
  });

  it('gives the grader the LAER steps, the penalties and the anchors for objection handling', () => {
    const prompt = graderSystemPrompt(crownScenario, 'nonce');
    expect(prompt).toContain('LAER (Listen, Acknowledge, Explore, Respond)');
    expect(prompt).toContain('talking the patient out of a second opinion');
    for (const anchor of OBJECTION_ANCHORS) expect(prompt).toContain(anchor);
  });

  it('grades by the shared rubric, word for word: every skill, measure and anchor with its band', () => {
    const prompt = graderSystemPrompt(crownScenario, 'nonce');
    expect(prompt).toContain('Good 8–10, Fair 6–7, Poor 1–5');
    for (const skill of RUBRIC) {
      expect(prompt).toContain(`- ${skill.key} (${skill.name}): ${skill.measures}`);
      for (const band of RUBRIC_BANDS) {
        expect(prompt).toContain(
          `  - ${band.label} (${bandRange(band)}): ${skill.anchors[band.level]}`,
        );
      }
    }
    // The anchors sit under their own skill, not under the next one's heading.
    const empathy = prompt.indexOf('- empathyScore (');
    const clarity = prompt.indexOf('- clarityScore (');
    const empathyGood = prompt.indexOf(RUBRIC[1]!.anchors.good);
    expect(RUBRIC[1]!.key).toBe('empathyScore');
    expect(empathyGood).toBeGreaterThan(empathy);
    expect(empathyGood).toBeLessThan(clarity);
  });

  it('prompts the grader in English when the request is in Spanish (decision 049)', () => {
    const english = graderSystemPrompt(crownScenario, 'nonce');
    setLocaleResolver(() => 'es');
    try {
      expect(graderSystemPrompt(crownScenario, 'nonce')).toBe(english);
    } finally {
      setLocaleResolver(() => 'en');
    }
    expect(english).toContain('- empathyScore (Empathy & Rapport): ');
  });
});
