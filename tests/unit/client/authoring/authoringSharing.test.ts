import { describe, expect, it } from 'vitest';
import {
  blankSeed,
  draftFromSeed,
  draftFromStored,
  seedForCheck,
  sharingOf,
} from '#client/features/authoring/seedForm';
import { scenarioLibrary } from '#server/scenarios/library';

/** The authoring form's Visibility choice and resource caption. */
describe('the Visibility choice', () => {
  const ORG = '6f1c2a4e-8d1b-4c55-9a37-0d3e5b7c9f11';

  it.each([
    ['private', { visibility: 'private' }],
    ['', { visibility: 'private' }],
    [ORG, { visibility: 'organisation', organisationId: ORG }],
  ])('%j is sent as %j', (visibility, sharing) => {
    expect(sharingOf({ visibility })).toEqual(sharing);
  });

  it('a new scenario starts private; a saved one starts where its summary says', () => {
    const seed = scenarioLibrary[0]!;
    expect(blankSeed().visibility).toBe('private');
    expect(draftFromSeed(seed, { organisationId: ORG }).visibility).toBe(ORG);
    expect(draftFromSeed(seed, { organisationId: null }).visibility).toBe('private');
  });

  it('a stored draft keeps the choice; one from before the choice existed is private', () => {
    const stored = JSON.parse(JSON.stringify({ ...blankSeed(), visibility: ORG }));
    expect(draftFromStored(stored)?.visibility).toBe(ORG);
    const { visibility: _v, ...older } = blankSeed();
    expect(draftFromStored(older)?.visibility).toBe('private');
  });

  it('is never part of the seed that is checked and sent', () => {
    expect(seedForCheck({ ...blankSeed(), visibility: ORG })).not.toHaveProperty('visibility');
  });
});

describe('the resource caption field', () => {
  it.each([
    ['', undefined],
    ['   ', undefined],
    ['A crown, step by step.', 'A crown, step by step.'],
  ])('%j is sent as %j', (typed, sent) => {
    const seed = seedForCheck({ ...blankSeed(), resourceCaption: typed }) as {
      resourceCaption?: string;
    };
    expect(seed.resourceCaption).toBe(sent);
  });

  it('a saved caption comes back into the form, and none is an empty field', () => {
    const seed = scenarioLibrary[0]!;
    expect(draftFromSeed({ ...seed, resourceCaption: 'Mine.' }).resourceCaption).toBe('Mine.');
    expect(draftFromSeed(seed).resourceCaption).toBe('');
  });
});
