import { describe, expect, it } from 'vitest';
import {
  AI_COSTS,
  DEFAULT_AI_BUDGET_PER_HOUR,
  MIN_AI_BUDGET_PER_HOUR,
  type AiUse,
} from '#server/ai/aiCosts';
import { loadConfig } from '#server/config';

/** What a mix of uses costs, e.g. an hour of practice: `{ reply: 200, speech: 200 }`. */
function costOf(uses: Partial<Record<AiUse, number>>): number {
  return Object.entries(uses).reduce(
    (total, [use, count]) => total + AI_COSTS[use as AiUse] * (count ?? 0),
    0,
  );
}

/**
 * The AI budget's defaults (decision 027) must never be what a school notices: ordinary
 * practice meets the older, plainer limits (turns, hints) first. Each row is an hour of it.
 */

const defaults = loadConfig({}).limits;

describe('the AI budget at its defaults', () => {
  it('is the configured default, and its price list has a cost for every use', () => {
    expect(defaults.aiBudgetPerHour).toBe(DEFAULT_AI_BUDGET_PER_HOUR);
    expect(Object.values(AI_COSTS).every((cost) => Number.isInteger(cost) && cost > 0)).toBe(true);
    expect(MIN_AI_BUDGET_PER_HOUR).toBe(AI_COSTS.realtimeMinute);
  });

  it.each([
    [
      'typed practice at the turn quota, every hint, forty gradings (offline or not)',
      { reply: defaults.turnsPerHour, hint: defaults.hintsPerHour, feedback: 40 },
    ],
    [
      'voice practice at the turn quota: every turn transcribed, answered and spoken',
      {
        transcription: defaults.turnsPerHour,
        reply: defaults.turnsPerHour,
        speech: defaults.turnsPerHour,
        hint: defaults.hintsPerHour,
        feedback: 40,
      },
    ],
    [
      'the same, with a reply started early at a pause in every turn and dropped each time',
      {
        transcription: defaults.turnsPerHour,
        reply: 2 * defaults.turnsPerHour,
        speech: defaults.turnsPerHour,
        hint: defaults.hintsPerHour,
        feedback: 40,
      },
    ],
    ['three 15-minute Realtime calls, each graded', { realtimeMinute: 45, feedback: 3 }],
  ])('fits: %s', (_label, hour) => {
    expect(costOf(hour)).toBeLessThanOrEqual(defaults.aiBudgetPerHour);
  });

  it.each([
    ['the branch-and-end loop: 300 gradings with nothing else', { feedback: 300 }],
    ['a Realtime call held open for the whole hour', { realtimeMinute: 60 }],
  ])('does not fit: %s', (_label, hour) => {
    expect(costOf(hour)).toBeGreaterThan(defaults.aiBudgetPerHour);
  });

  it('refuses a budget that could not pay for the dearest use, and takes one that can', () => {
    expect(() => loadConfig({ AI_BUDGET_PER_HOUR: String(MIN_AI_BUDGET_PER_HOUR - 1) })).toThrow(
      /AI_BUDGET_PER_HOUR/,
    );
    expect(loadConfig({ AI_BUDGET_PER_HOUR: String(MIN_AI_BUDGET_PER_HOUR) }).limits).toMatchObject(
      { aiBudgetPerHour: MIN_AI_BUDGET_PER_HOUR },
    );
    expect(() => loadConfig({ BRANCHES_PER_HOUR: '0' })).toThrow(/BRANCHES_PER_HOUR/);
    expect(loadConfig({}).limits.branchesPerHour).toBe(30);
  });
});
