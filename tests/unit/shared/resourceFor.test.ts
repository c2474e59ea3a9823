import { describe, expect, it } from 'vitest';
import { RESOURCE_CAPTIONS, resourceFor } from '#shared/illustrations';

/** The Resources panel shows the author's caption when there is one. */
describe('resourceFor', () => {
  const crown = { title: 'Crown cost worries', patientConcerns: ['Price', 'Time'] };

  it.each([
    ['no caption field (an older server)', undefined, RESOURCE_CAPTIONS.crown],
    ['a null caption', null, RESOURCE_CAPTIONS.crown],
    ['a blank caption', '   ', RESOURCE_CAPTIONS.crown],
    ['an own caption', 'Your crown, step by step.', 'Your crown, step by step.'],
  ])('%s → %j', (_label, resourceCaption, caption) => {
    expect(resourceFor({ ...crown, resourceCaption })).toEqual({ kind: 'crown', caption });
  });

  it('keeps the picture chosen from the words whatever the caption says', () => {
    expect(resourceFor({ ...crown, resourceCaption: 'About implants' }).kind).toBe('crown');
  });
});
