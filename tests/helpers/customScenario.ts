import { randomUUID } from 'node:crypto';
import { scenarioLibrary } from '#server/scenarios/library';
import type { ScenarioSeed } from '#shared/scenarioSeed';

/**
 * A valid custom scenario whose title and hidden concern carry a fresh marker, so a test can
 * tell its words apart from the shipped library's (and see them leak).
 */
export function customSeed(marker = randomUUID().slice(0, 8), base = 0): ScenarioSeed {
  const shipped = scenarioLibrary[base % scenarioLibrary.length]!;
  const seed = structuredClone(shipped);
  const [hidden, ...rest] = seed.extras.hiddenConcerns;
  return {
    ...seed,
    slug: `custom-${marker.toLowerCase().replace(/[^a-z0-9-]/g, '')}`,
    title: `Custom ${marker}`,
    extras: {
      ...seed.extras,
      hiddenConcerns: [
        { ...hidden!, concern: `Secret concern ${marker}.`, reveal: `Secret reveal ${marker}.` },
        ...rest,
      ],
    },
  };
}
