import { describe, expect, it } from 'vitest';
import { chooseResourceIllustration, choosePatientAvatar, statedAge } from '#shared/illustrations';

describe('chooseResourceIllustration (spec §2 resources panel)', () => {
  it.each([
    ['Root Canal Anxiety', [], 'Root canal X-ray'],
    ['Nervous patient', ['Fear of root-canal pain'], 'Root canal X-ray'],
    ['Crown vs. filling', [], 'Dental crown'],
    ['Cracked molar', ['Cost of a crown'], 'Dental crown'],
    ['Cosmetic consult', ['Do veneers look fake?'], 'Porcelain veneers'],
    ['Teeth Whitening Expectations', [], 'Teeth whitening'],
    ['Missing tooth', ['Is an implant worth it?'], 'Dental implant'],
    ['Routine check-up', ['Cost', 'Time off work'], 'Dental examination'],
    ['', [], 'Dental examination'],
  ] as const)('%s / %j → %s', (title, concerns, caption) => {
    expect(chooseResourceIllustration(title, concerns).caption).toBe(caption);
  });

  it('prefers the root canal when both a root canal and a crown are mentioned', () => {
    expect(chooseResourceIllustration('Crown after root canal', []).kind).toBe('root-canal');
  });

  it('does not read "crowned" or "implanted" words inside other words as keywords', () => {
    expect(chooseResourceIllustration('Overcrowding', []).kind).toBe('examination');
  });
});

describe('statedAge', () => {
  it.each([
    ['A 72-year-old retired teacher', 72],
    ['Maria, 45 years old, works in retail', 45],
    ['Patient aged 8, brought by his mother', 8],
    ['Age: 66. Lives alone.', 66],
    ['Sam (10) and his dad', 10],
    ['A busy accountant', null],
    ['Has 300 years of family history', null],
  ] as const)('%s → %s', (profile, age) => {
    expect(statedAge(profile)).toBe(age);
  });
});

describe('choosePatientAvatar (spec §2 avatar by profile keywords)', () => {
  it.each([
    ['A 35-year-old woman who works as a nurse', 'female-adult'],
    ['Female lawyer, very busy', 'female-adult'],
    ['Worried about her appearance before a wedding', 'female-adult'],
    ['A man in his forties, a builder', 'male-adult'],
    ['Male software engineer', 'male-adult'],
    ['Concerned about his budget', 'male-adult'],
    ['Retired woman on a fixed income', 'female-senior'],
    ['Elderly man with dentures', 'male-senior'],
    ['A grandmother who wants to look nice in photos', 'female-senior'],
    ['Grandfather, proud of his own teeth', 'male-senior'],
    ['A 70-year-old widow; her children live far away', 'female-senior'],
    ['Age 65, a man who hates needles', 'male-senior'],
    ['A 64-year-old man still working', 'male-adult'],
    ['A child who is scared of the drill', 'child'],
    ['Parent of a 7 years old kid', 'child'],
    ['A nervous daughter brought in by her dad', 'child'],
    ['A 12-year-old girl', 'child'],
    ['A 13-year-old boy', 'male-adult'],
    ['A 42-year-old mother worried about her son', 'female-adult'],
    ['Retired man who brings his wife', 'male-senior'],
    ['Accountant who travels a lot', 'neutral'],
    ['A senior accountant with no stated sex', 'neutral'],
    ['', 'neutral'],
  ] as const)('%s → %s', (profile, avatar) => {
    expect(choosePatientAvatar(profile)).toBe(avatar);
  });

  it('does not take "female" for "male", "woman" for "man", or "this" for "his"', () => {
    expect(choosePatientAvatar('Female patient')).toBe('female-adult');
    expect(choosePatientAvatar('Woman, 30 years old')).toBe('female-adult');
    expect(choosePatientAvatar('Thinks this will hurt')).toBe('neutral');
  });
});
