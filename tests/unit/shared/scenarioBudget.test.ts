import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config';
import { exceededBudget, scenarioBytes } from '#shared/scenarioBudget';
import { AUTHORING_TEXT } from '#shared/text';

/** Each author's scenario storage budget (decision 028). */

const budget = { maxScenarios: 10, maxBytes: 1000 };

describe('exceededBudget', () => {
  it.each([
    // [what, held, the write adds, verdict]
    ['a create with room', [3, 300], [1, 100], null],
    ['the last scenario that fits exactly', [9, 900], [1, 100], null],
    ['one scenario too many', [10, 500], [1, 10], 'scenarios'],
    ['an import that would cross the count', [8, 100], [3, 30], 'scenarios'],
    ['an import that fits the count but not the bytes', [2, 900], [2, 101], 'bytes'],
    ['both crossed: the count is named', [10, 1000], [1, 1], 'scenarios'],
    ['an edit that grows past the bytes', [5, 950], [0, 51], 'bytes'],
    ['an edit that grows within the bytes', [5, 950], [0, 50], null],
    ['an edit that does not grow, past a lowered budget', [12, 5000], [0, 0], null],
    ['an edit that shrinks, past a lowered budget', [12, 5000], [0, -200], null],
  ] as const)('%s', (_what, [scenarios, bytes], [addScenarios, addBytes], verdict) => {
    expect(
      exceededBudget({ scenarios, bytes }, { scenarios: addScenarios, bytes: addBytes }, budget),
    ).toBe(verdict);
  });
});

describe('scenarioBytes', () => {
  it('counts the UTF-8 bytes of the JSON, not its characters', () => {
    expect(scenarioBytes({ title: 'abc' })).toBe('{"title":"abc"}'.length);
    // 'é' is two bytes and '😬' four in UTF-8.
    expect(scenarioBytes({ title: 'é😬' })).toBe('{"title":""}'.length + 6);
  });
});

describe('the budget sentences', () => {
  it.each([
    [512, '512 KB'],
    [1024, '1 MB'],
    [1536, '1.5 MB'],
    [4096, '4 MB'],
  ])('names %i KB as %s', (kb, said) => {
    expect(AUTHORING_TEXT.tooManyBytes(kb)).toContain(`up to ${said} in all`);
    expect(AUTHORING_TEXT.importTooLarge(kb)).toContain(`past ${said} in all`);
  });

  it('says how many more an import has room for', () => {
    expect(AUTHORING_TEXT.importTooMany(1, 0, 200)).toBe(
      'Nothing was imported: the file holds 1 scenario and you have room for 0 more (up to 200). Delete some you no longer need, or import fewer.',
    );
  });
});

describe('the budget settings', () => {
  it('default to 200 scenarios, 4 MB each user and a 32 MB list cache trusted for 5 s', () => {
    expect(loadConfig({}).scenarios).toEqual({
      listCacheBytes: 32 * 1024 * 1024,
      listStampMs: 5_000,
      budget: { maxScenarios: 200, maxBytes: 4096 * 1024 },
    });
  });

  it.each([
    ['SCENARIO_LIST_CACHE_MB', '0'],
    ['SCENARIO_LIST_CACHE_SECONDS', '301'],
    ['SCENARIOS_PER_USER', '0'],
    ['SCENARIO_KB_PER_USER', '10'],
    ['SCENARIO_KB_PER_USER', 'lots'],
  ])('refuses %s=%s at start, naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });
});
