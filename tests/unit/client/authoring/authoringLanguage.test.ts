import { afterEach, describe, expect, it } from 'vitest';
import { errorsFromIssues, errorsFromServerMessage } from '#client/features/authoring/fieldErrors';
import { blankSeed, fieldPaths, seedForCheck } from '#client/features/authoring/seedForm';
import { categoryName, difficultyName, valueOptions } from '#client/features/authoring/valueNames';
import { setLocaleResolver } from '#shared/i18n/translate';
import { scenarioSeedSchema } from '#shared/scenarioSeed';

/** The authoring form's own words follow the interface language when read (decision 049). */
describe('authoring in the interface language', () => {
  afterEach(() => setLocaleResolver(() => 'en'));

  const blankErrors = () => {
    const draft = blankSeed();
    const input = seedForCheck(draft);
    const result = scenarioSeedSchema.safeParse(input);
    return errorsFromIssues(result.error!, input, fieldPaths(draft));
  };

  it('says a blank form’s problems in Spanish when Spanish is chosen', () => {
    setLocaleResolver(() => 'es');
    const errors = blankErrors();
    expect(errors.title).toEqual(['Obligatorio.']);
    expect(errors.category).toEqual(['Elige una de las opciones.']);
    expect(errors.patientConcerns).toEqual(['Añade al menos 2.']);
    expect(errorsFromServerMessage('1 problem: title: required', ['title'])).toEqual({
      title: ['Obligatorio.'],
    });
  });

  it('reads each time: the same call says English again after switching back', () => {
    setLocaleResolver(() => 'es');
    expect(blankErrors().title).toEqual(['Obligatorio.']);
    setLocaleResolver(() => 'en');
    expect(blankErrors().title).toEqual(['Required.']);
  });

  it.each([
    ['en', 'Dental Anxiety', 'beginner', 'Beginner'],
    ['es', 'Ansiedad dental', 'principiante', 'Principiante'],
  ])('names values in %s', (locale, category, difficulty, option) => {
    setLocaleResolver(() => locale);
    expect(categoryName('Dental Anxiety')).toBe(category);
    expect(difficultyName('beginner')).toBe(difficulty);
    expect(valueOptions('difficulty', ['beginner'] as const)).toEqual([
      { value: 'beginner', label: option },
    ]);
  });

  it('shows a value it has no name for as it is', () => {
    setLocaleResolver(() => 'es');
    expect(categoryName('Sleep Apnoea')).toBe('Sleep Apnoea');
    expect(difficultyName('expert')).toBe('expert');
  });
});
