import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { compileKeywords } from './keywordMatcher';
import type { ScenarioRecord } from '../../scenarios/schema';

/**
 * What the offline engines prepare once per scenario version rather than at every turn: its
 * content key and its concerns' keywords compiled into one matcher.
 */
export interface ScenarioIndex {
  /** Equal for equal scenarios: an edited scenario (a new version) gets a new key. */
  key: string;
  /** For each stated and each hidden concern (by index), how many of its keywords a text mentions. */
  mentions(text: string): ConcernMentions;
}

export interface ConcernMentions {
  stated: number[];
  hidden: number[];
}

/**
 * Scenarios are read from the database at every turn, so the same scenario arrives as a new
 * object each time: the index is found by content. A schema-bounded scenario compiles to a
 * few kilobytes, so a bound on entries bounds the bytes.
 */
const MAX_INDEXED_SCENARIOS = 500;
const byContent = new LRUCache<string, ScenarioIndex>({ max: MAX_INDEXED_SCENARIOS });
/** Within one reply or one grading the same object is asked for many times. */
const byObject = new WeakMap<ScenarioRecord, ScenarioIndex>();

function buildIndex(scenario: ScenarioRecord, key: string): ScenarioIndex {
  const { statedConcerns, hiddenConcerns } = scenario.extras;
  const matcher = compileKeywords([
    ...statedConcerns.map((c) => c.keywords),
    ...hiddenConcerns.map((c) => c.keywords),
  ]);
  return {
    key,
    mentions(text) {
      const counts = matcher.counts(text);
      return {
        stated: counts.slice(0, statedConcerns.length),
        hidden: counts.slice(statedConcerns.length),
      };
    },
  };
}

export function scenarioIndex(scenario: ScenarioRecord): ScenarioIndex {
  const known = byObject.get(scenario);
  if (known !== undefined) return known;
  const key = createHash('sha256').update(JSON.stringify(scenario)).digest('base64url');
  let index = byContent.get(key);
  if (index === undefined) {
    index = buildIndex(scenario, key);
    byContent.set(key, index);
  }
  byObject.set(scenario, index);
  return index;
}

/** How many compiled scenarios are kept, for the tests of the bound. */
export function indexedScenarioCount(): number {
  return byContent.size;
}
