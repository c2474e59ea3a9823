import { describe, expect, it } from 'vitest';
import { gradeConversation } from '#server/ai/offline/grader';
import { scenarioLibrary } from '#server/scenarios/library';
import type { ScenarioRecord } from '#server/scenarios/schema';
import { conversation, crownScenario, toRecord } from '../../../fixtures/offlineScenario';
import { SKILL_PAIRS, type Skill, type SkillPair } from '../../../fixtures/skillPairs';

const SCORE_OF: Record<
  Skill,
  'objectionHandlingScore' | 'empathyScore' | 'clarityScore' | 'persuasionScore'
> = {
  objectionHandling: 'objectionHandlingScore',
  empathy: 'empathyScore',
  clarity: 'clarityScore',
  persuasion: 'persuasionScore',
};

function scenarioFor(pair: SkillPair): ScenarioRecord {
  if (pair.scenario === 'fixture') return crownScenario;
  const seed = scenarioLibrary.find((s) => s.slug === pair.scenario);
  if (seed === undefined) throw new Error(`no scenario ${pair.scenario}`);
  return toRecord(seed);
}

function scores(pair: SkillPair): { better: number; worse: number } {
  const scenario = scenarioFor(pair);
  const side = (i: 0 | 1) =>
    gradeConversation({
      scenario,
      history: conversation(
        scenario,
        pair.turns.map((turn) => [turn[i], turn[2]] as const),
      ),
    })[SCORE_OF[pair.skill]];
  return { better: side(0), worse: side(1) };
}

describe('offline grader: better and worse conversations per skill', () => {
  it('has at least ten objection-handling pairs and pairs for every other skill', () => {
    expect(
      SKILL_PAIRS.filter((p) => p.skill === 'objectionHandling').length,
    ).toBeGreaterThanOrEqual(10);
    for (const skill of Object.keys(SCORE_OF)) {
      expect(
        SKILL_PAIRS.some((p) => p.skill === skill),
        skill,
      ).toBe(true);
    }
  });

  it('ranks the better conversation higher on its skill in at least 90% of pairs', () => {
    const lines: string[] = ['Pairs ranked correctly (better scores higher on that skill):'];
    const failures: string[] = [];
    for (const skill of Object.keys(SCORE_OF) as Skill[]) {
      const pairs = SKILL_PAIRS.filter((p) => p.skill === skill);
      let right = 0;
      for (const pair of pairs) {
        const { better, worse } = scores(pair);
        if (better > worse) right++;
        else failures.push(`  ${skill}: ${pair.name} (better ${better}, worse ${worse})`);
      }
      const rate = right / pairs.length;
      lines.push(`  ${skill.padEnd(18)} ${right}/${pairs.length} (${(rate * 100).toFixed(0)}%)`);
      expect(rate, skill).toBeGreaterThanOrEqual(0.9);
    }
    console.log(
      [...lines, ...(failures.length > 0 ? ['Not ranked higher:', ...failures] : [])].join('\n'),
    );
  });
});
