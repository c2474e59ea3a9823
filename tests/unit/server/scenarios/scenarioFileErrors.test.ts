import { describe, expect, it } from 'vitest';
import { duplicateSeed, PLACEHOLDER_HIDDEN_CONCERN } from '#server/scenarios/duplicate';
import { scenarioLibrary } from '#server/scenarios/library';
import { describeIssues, scenarioFileSchema, type ScenarioSeed } from '#shared/scenarioSeed';

/** Two shipped scenarios, each spoiled one way, in a file: the problems name their paths. */

type Spoil = (seed: Record<string, any>) => void;

const file = (spoil: Spoil, at = 1) => {
  const scenarios = scenarioLibrary.slice(0, 3).map((s) => structuredClone(s) as any);
  spoil(scenarios[at]);
  return { scenarios };
};

const problems = (data: unknown) => {
  const result = scenarioFileSchema.safeParse(data);
  return result.success ? [] : describeIssues(result.error, data);
};

describe('a scenario file names every problem with its path', () => {
  it('accepts shipped scenarios as they are', () => {
    expect(problems({ scenarios: scenarioLibrary })).toEqual([]);
  });

  it.each<[string, Spoil, string]>([
    [
      'a hidden concern without its unlock',
      (s) => delete s.extras.hiddenConcerns[0].unlock,
      'scenarios[1].extras.hiddenConcerns[0].unlock: required',
    ],
    ['a missing title', (s) => delete s.title, 'scenarios[1].title: required'],
    ['an empty title', (s) => (s.title = '  '), 'scenarios[1].title: Too small'],
    [
      'an unknown difficulty',
      (s) => (s.difficulty = 'expert'),
      'scenarios[1].difficulty: Invalid option',
    ],
    [
      'a receptiveness out of the list',
      (s) => (s.extras.receptiveness = 'very'),
      'scenarios[1].extras.receptiveness: Invalid option',
    ],
    [
      'a start value above 1',
      (s) => (s.extras.start.trust = 2),
      'scenarios[1].extras.start.trust: Too big',
    ],
    [
      'no hidden concern',
      (s) => (s.extras.hiddenConcerns = []),
      'scenarios[1].extras.hiddenConcerns: Too small',
    ],
    [
      'a topic answer list of one',
      (s) => (s.extras.topicAnswers = { cost: ['Only one.'] }),
      'scenarios[1].extras.topicAnswers.cost: Too small',
    ],
    ['a slug with capitals', (s) => (s.slug = 'Not A Slug'), 'scenarios[1].slug: Invalid string'],
    [
      'a stated concern not on the card',
      (s) => (s.extras.statedConcerns[0].concern = 'Something else'),
      'scenarios[1]: every statedConcerns[].concern must be one of patientConcerns',
    ],
  ])('%s', (_name, spoil, expected) => {
    const found = problems(file(spoil));
    expect(found).toHaveLength(1);
    expect(found[0]!.startsWith(expected)).toBe(true);
  });

  it('names every problem of every scenario at once', () => {
    const found = problems(
      file((s) => {
        delete s.extras.hiddenConcerns[0].reveal;
        s.patientConcerns = ['one'];
      }),
    );
    expect(found.map((p) => p.split(':')[0])).toEqual([
      'scenarios[1].patientConcerns',
      'scenarios[1].extras.hiddenConcerns[0].reveal',
    ]);
  });

  it('refuses an empty file and a file that is not one', () => {
    expect(problems({ scenarios: [] })).toEqual([expect.stringMatching(/^scenarios: Too small/)]);
    expect(problems([])).toEqual([expect.stringMatching(/^Invalid input: expected object/)]);
    expect(problems({})).toEqual(['scenarios: required']);
  });
});

describe('duplicating', () => {
  const shipped = scenarioLibrary[0]!;

  it('leaves a shipped scenario’s hidden and ICE concerns behind, and still passes the schema', () => {
    const copy = duplicateSeed(shipped, { shipped: true });
    expect(copy.extras.hiddenConcerns).toEqual([PLACEHOLDER_HIDDEN_CONCERN]);
    expect(copy.extras.ice.concerns).not.toBe(shipped.extras.ice.concerns);
    const secrets = shipped.extras.hiddenConcerns.flatMap((h) => [h.concern, h.reveal, h.hint]);
    for (const secret of secrets) expect(JSON.stringify(copy)).not.toContain(secret);
    expect(copy.extras.lines).toEqual(shipped.extras.lines);
    expect(problems({ scenarios: [copy] })).toEqual([]);
  });

  it('copies one’s own scenario whole, under a new title', () => {
    const own: ScenarioSeed = structuredClone(shipped);
    const copy = duplicateSeed(own, { shipped: false });
    expect(copy).toEqual({ ...own, title: `${own.title} (copy)` });
  });
});
