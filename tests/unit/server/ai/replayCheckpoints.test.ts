import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { composePatientReply } from '#server/ai/offline/patientReply';
import { replayConversation } from '#server/ai/offline/patientState';
import {
  CHECKPOINT_BYTE_LIMIT,
  checkpointBytes,
  clearCheckpoints,
  findCheckpoint,
  prefixKeys,
} from '#server/ai/offline/replayCheckpoints';
import { indexedScenarioCount, scenarioIndex } from '#server/ai/offline/scenarioIndex';
import type { ChatTurn } from '#server/ai/types';
import { CLINICIAN_LINES } from '../../../fixtures/clinicianLines';
import { childScenario, crownScenario, toRecord } from '../../../fixtures/offlineScenario';
import { worstCaseSeed } from '../../../fixtures/worstCaseScenario';

/**
 * Issue 22: a reply replays only the turns since the last one, from a checkpoint; the result is
 * exactly the replay from the start, and what is kept stays within its bounds.
 */

const lines = CLINICIAN_LINES.map((line) => line.text);

/** A conversation as the offline patient would hold it, one clinician line at a time. */
function talk(scenario: typeof crownScenario, said: readonly string[]): ChatTurn[] {
  const history: ChatTurn[] = [{ role: 'assistant', content: scenario.initialMessage }];
  for (const text of said) {
    history.push({ role: 'user', content: text });
    history.push({ role: 'assistant', content: composePatientReply(scenario, history) });
  }
  return history;
}

describe('replay checkpoints', () => {
  it('a replay grown turn by turn equals the replay from the start, at every turn', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(crownScenario, childScenario),
        fc.array(fc.constantFrom(...lines), { minLength: 1, maxLength: 12 }),
        (scenario, said) => {
          clearCheckpoints();
          const history = talk(scenario, said);
          const grown = history.map((_, i) =>
            replayConversation(scenario, history.slice(0, i + 1)),
          );
          clearCheckpoints();
          const fresh = history.map((_, i) => {
            clearCheckpoints();
            return replayConversation(scenario, history.slice(0, i + 1));
          });
          expect(grown).toEqual(fresh);
        },
      ),
      { numRuns: 40 },
    );
  }, 60_000);

  it('a reply resumes where the previous one stood and keeps one checkpoint per conversation', () => {
    clearCheckpoints();
    const history = talk(crownScenario, lines.slice(0, 10));
    const keys = prefixKeys(scenarioIndex(crownScenario).key, history);
    // The last reply replayed the history up to the clinician's last turn and kept it.
    expect(findCheckpoint(keys.slice(0, history.length))?.length).toBe(history.length - 1);
    for (let length = 1; length < history.length - 1; length++) {
      expect(findCheckpoint(keys.slice(0, length + 1))).toBeNull();
    }
  });

  it('the same words on another scenario, or another version of it, do not share a checkpoint', () => {
    clearCheckpoints();
    const history = talk(crownScenario, lines.slice(0, 3));
    const edited = { ...crownScenario, initialMessage: `${crownScenario.initialMessage} Hm.` };
    expect(scenarioIndex(edited).key).not.toBe(scenarioIndex(crownScenario).key);
    expect(findCheckpoint(prefixKeys(scenarioIndex(edited).key, history))).toBeNull();
    expect(replayConversation(edited, history)).toEqual(
      (clearCheckpoints(), replayConversation(edited, history)),
    );
  });

  it('stays within its byte budget however many long conversations there are', () => {
    clearCheckpoints();
    const long = 'x '.repeat(1000);
    for (let c = 0; c < 150; c++) {
      const history: ChatTurn[] = [];
      for (let t = 0; t < 20; t++) {
        history.push({ role: 'user', content: `Okay ${c}?` });
        history.push({ role: 'assistant', content: `${t} ${long}` });
      }
      replayConversation(crownScenario, history);
      expect(checkpointBytes()).toBeLessThanOrEqual(CHECKPOINT_BYTE_LIMIT);
    }
    expect(checkpointBytes()).toBeGreaterThan(CHECKPOINT_BYTE_LIMIT / 2);
  }, 60_000);

  it('keeps a bounded number of compiled scenarios however many versions are played', () => {
    const worst = worstCaseSeed();
    for (let i = 0; i < 600; i++) {
      scenarioIndex(toRecord({ ...worst, title: `Worst case version ${i}` }));
    }
    expect(indexedScenarioCount()).toBeLessThanOrEqual(500);
  });
});
