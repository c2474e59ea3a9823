import type { HiddenConcern, ScenarioSeed } from '#shared/scenarioSeed';

/**
 * Stand-ins for what a copy of a shipped scenario does not carry (decision 021): the shipped
 * library's hidden concerns, and the ICE summary that names them, are what every trainee has to
 * discover, and any account can duplicate. The copy still passes the schema, so it can be
 * saved and practised at once, and says plainly what the author has to write.
 */
export const PLACEHOLDER_HIDDEN_CONCERN: HiddenConcern = {
  id: 'write-your-own',
  concern: 'Write what this patient keeps to themself until the clinician earns it.',
  unlock: 'either',
  keywords: ['worried', 'really'],
  reveal: 'There is something else, if I am honest. I have not told anyone yet.',
  hint: 'Ask what else is on their mind, and acknowledge how they feel.',
};

export const PLACEHOLDER_ICE_CONCERNS = 'Write what this patient is worried about.';

/**
 * What an author may take from a scenario to make their own (a copy, a translation): all of one
 * of their own, a shipped one without its secrets.
 */
export function copyableContent(seed: ScenarioSeed, from: { shipped: boolean }): ScenarioSeed {
  if (!from.shipped) return seed;
  return {
    ...seed,
    extras: {
      ...seed.extras,
      ice: { ...seed.extras.ice, concerns: PLACEHOLDER_ICE_CONCERNS },
      hiddenConcerns: [PLACEHOLDER_HIDDEN_CONCERN],
    },
  };
}

/** A private copy's content: a new title, and a shipped original's secrets left out. */
export function duplicateSeed(seed: ScenarioSeed, from: { shipped: boolean }): ScenarioSeed {
  return { ...copyableContent(seed, from), title: `${seed.title} (copy)` };
}
