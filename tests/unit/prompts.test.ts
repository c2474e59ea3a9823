import { describe, expect, it } from 'vitest';
import { graderSystemPrompt, patientSystemPrompt } from '../../server/ai/prompts';
import { OBJECTION_ANCHORS } from '../../server/ai/objectionRubric';
import { scenarioLibrary } from '../../server/scenarios/library';
import { crownScenario, toRecord } from '../fixtures/offlineScenario';

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
});
