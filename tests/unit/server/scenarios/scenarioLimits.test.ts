import { describe, expect, it } from 'vitest';
import { scenarioLibrary } from '#server/scenarios/library';
import {
  SCENARIO_LIMITS,
  describeIssues,
  scenarioSeedSchema,
  type ScenarioSeed,
} from '#shared/scenarioSeed';
import { worstCaseSeed } from '../../../fixtures/worstCaseScenario';

/**
 * Issue 22: every field of a scenario is bounded in the one schema that authoring, import and
 * the shipped files share, and no field takes characters that break storage (NUL) or make one
 * text look like another.
 */

const shipped = scenarioLibrary[0]!;
const copy = (): ScenarioSeed => structuredClone(shipped);

function problems(seed: unknown): string[] {
  const result = scenarioSeedSchema.safeParse(seed);
  return result.success ? [] : describeIssues(result.error, seed);
}

/** Every path of a string in the seed, e.g. ['extras', 'lines', 'neutral', 0]. */
function stringPaths(value: unknown, path: Array<string | number> = []): Array<typeof path> {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((item, i) => stringPaths(item, [...path, i]));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...path, key]));
  }
  return [];
}

function setAt(seed: ScenarioSeed, path: Array<string | number>, value: unknown): ScenarioSeed {
  const out = structuredClone(seed) as unknown as Record<string | number, unknown>;
  let at = out;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  at[path.at(-1)!] = value;
  return out as unknown as ScenarioSeed;
}

describe('scenario limits', () => {
  it('the shipped library stays well inside them', () => {
    for (const scenario of scenarioLibrary) {
      expect(problems(scenario), scenario.slug).toEqual([]);
      expect(JSON.stringify(scenario).length).toBeLessThan(16 * 1024);
    }
  });

  it('the heaviest scenario they allow parses, and is under 64 KB of JSON', () => {
    const worst = worstCaseSeed();
    expect(problems(worst)).toEqual([]);
    expect(Buffer.byteLength(JSON.stringify(worst))).toBeLessThan(64 * 1024);
    expect(worst.extras.statedConcerns[0]!.keywords).toHaveLength(
      SCENARIO_LIMITS.keywordsPerConcern,
    );
  });

  it('refuses a concern with thousands of keywords, as the attack sent', () => {
    const seed = copy();
    seed.extras.hiddenConcerns[0]!.keywords = Array.from({ length: 5000 }, (_, i) => `word${i}`);
    expect(problems(seed)).toEqual([
      `extras.hiddenConcerns[0].keywords: Too big: expected array to have <=${SCENARIO_LIMITS.keywordsPerConcern} items`,
    ]);
  });

  it.each([
    ['title', SCENARIO_LIMITS.title],
    ['description', SCENARIO_LIMITS.description],
    ['patientProfile', SCENARIO_LIMITS.patientProfile],
    ['initialMessage', SCENARIO_LIMITS.initialMessage],
    ['slug', SCENARIO_LIMITS.slug],
  ] as const)('%s: at most %i characters', (field, max) => {
    const fill = field === 'slug' ? 'a' : 'A';
    expect(problems({ ...copy(), [field]: fill.repeat(max) })).toEqual([]);
    expect(problems({ ...copy(), [field]: fill.repeat(max + 1) })).toEqual([
      `${field}: At most ${max} characters.`,
    ]);
  });

  it.each([
    [['extras', 'ice', 'ideas'], SCENARIO_LIMITS.note],
    [['extras', 'goal'], SCENARIO_LIMITS.note],
    [['extras', 'statedConcerns', 0, 'lines', 0], SCENARIO_LIMITS.line],
    [['extras', 'statedConcerns', 0, 'settled'], SCENARIO_LIMITS.line],
    [['extras', 'statedConcerns', 0, 'keywords', 0], SCENARIO_LIMITS.keyword],
    [['extras', 'hiddenConcerns', 0, 'reveal'], SCENARIO_LIMITS.line],
    [['extras', 'hiddenConcerns', 0, 'hint'], SCENARIO_LIMITS.hint],
    [['extras', 'hiddenConcerns', 0, 'concern'], SCENARIO_LIMITS.note],
    [['extras', 'lines', 'neutral', 1], SCENARIO_LIMITS.line],
  ] as const)('%j: at most %i characters', (path, max) => {
    expect(problems(setAt(copy(), [...path], 'a'.repeat(max)))).toEqual([]);
    const at = path.map((key, i) => (typeof key === 'number' ? `[${key}]` : i ? `.${key}` : key));
    expect(problems(setAt(copy(), [...path], 'a'.repeat(max + 1)))).toEqual([
      `${at.join('')}: At most ${max} characters.`,
    ]);
  });

  it('refuses a keyword with no letter or digit, which could never be heard', () => {
    const seed = setAt(copy(), ['extras', 'statedConcerns', 0, 'keywords', 0], '?!');
    expect(problems(seed)).toEqual([
      'extras.statedConcerns[0].keywords[0]: Each keyword needs a letter or digit.',
    ]);
  });

  it('refuses NUL in every text field of a scenario (a 500 from the database before)', () => {
    const paths = stringPaths(shipped).filter(
      // The refinement compares concerns by text: a stated concern's name changed alone
      // fails that rule too, which is checked separately.
      (path) => !(path[1] === 'statedConcerns' && path[3] === 'concern'),
    );
    expect(paths.length).toBeGreaterThan(60);
    for (const path of paths) {
      const found = problems(setAt(copy(), path, `before\u0000after`));
      expect(found.length, path.join('.')).toBeGreaterThan(0);
    }
  });

  it.each([
    ['ESC', '\u001b[2J'],
    ['right-to-left override', 'Crown \u202Eexe.txt'],
    ['a line break', 'First\nSecond'],
    ['a tab', 'One\tTwo'],
    ['a paragraph separator', 'One\u2029Two'],
    ['a first-strong isolate', 'One \u2068Two'],
    ['a zero-width space', 'One\u200BTwo'],
    ['half a surrogate pair', 'Crown \ud800'],
  ])('a title with %s is refused', (_, title) => {
    expect(problems({ ...copy(), title })).toEqual([
      'title: One line, without control or text-direction characters.',
    ]);
  });

  it('prose may hold line breaks, but not a direction override', () => {
    expect(problems({ ...copy(), description: 'One.\n\nTwo.' })).toEqual([]);
    expect(problems({ ...copy(), description: 'One \u202Etwo' })).toEqual([
      'description: No control or text-direction characters.',
    ]);
    // PostgreSQL's jsonb refuses half a surrogate pair: a 500 before.
    expect(problems({ ...copy(), description: 'One \udc00' })).toEqual([
      'description: No control or text-direction characters.',
    ]);
    expect(problems({ ...copy(), description: 'Smile 😀' })).toEqual([]);
  });
});
