import { afterEach, describe, expect, it } from 'vitest';
import { changePasswordInput } from '#shared/api/account';
import { signUpInput } from '#shared/api/auth';
import { reminderSetting } from '#shared/api/courseMail';
import { concernsLine } from '#shared/conversation';
import { setLocaleResolver } from '#shared/i18n/translate';
import {
  anchorFor,
  bandsInLocale,
  RUBRIC,
  RUBRIC_BANDS,
  rubricInLocale,
  skillRubric,
} from '#shared/rubric';
import { resourceFor } from '#shared/illustrations';
import { difficultyName } from '#shared/scenario';
import { resourceCaptionSchema } from '#shared/scenarioSeed';
import { OVERALL, reportLabel, skill } from '#shared/skills';

/**
 * The sentences of shared modules (issue 28, decision 049): the report's score labels, the
 * rubric the trainee reads and the chat panel's concerns line follow the interface language
 * when read, while the grader's rubric stays in English.
 */
describe('shared modules in the interface language', () => {
  afterEach(() => setLocaleResolver(() => 'en'));

  it('read English by default, word for word', () => {
    setLocaleResolver(() => 'en');
    expect(reportLabel('persuasionScore')).toBe('Persuasion & Value Proposition');
    expect(OVERALL.reportLabel).toBe('Overall Performance');
    expect(anchorFor('clarityScore', 9)).toEqual({
      skill: 'clarityScore',
      level: 'good',
      label: 'Good',
      text: 'You used everyday words, explained options, risks and cost in short steps and checked they understood.',
    });
    expect(concernsLine(['Cost', 'Pain'])).toBe('Patient is concerned about Cost, Pain');
    expect(concernsLine([' '])).toBe('Patient is concerned about various issues');
    expect(rubricInLocale()).toEqual(RUBRIC);
    expect(bandsInLocale()).toEqual(RUBRIC_BANDS);
  });

  it('change with the language: a report label, a rubric anchor, the concerns line', () => {
    setLocaleResolver(() => 'es');
    expect(reportLabel('empathyScore')).toBe('Empatía y conexión');
    expect(skill('objection').reportLabel).toBe('Manejo de objeciones');
    expect(skill('objection').inSentence).toBe('manejo de objeciones');
    expect(anchorFor('empathyScore', 6)).toEqual({
      skill: 'empathyScore',
      level: 'fair',
      label: 'Regular',
      text: 'Reconociste algún sentimiento de vez en cuando, pero pasaste a explicar antes de explorar lo que le preocupaba.',
    });
    const shown = rubricInLocale();
    expect(shown.map((s) => s.name)).toEqual([
      'Desempeño global',
      'Empatía y conexión',
      'Claridad y comunicación',
      'Persuasión y propuesta de valor',
      'Manejo de objeciones',
    ]);
    expect(bandsInLocale().map((b) => b.label)).toEqual(['Bien', 'Regular', 'Insuficiente']);
    // Every sentence of the shown rubric is Spanish, none left as the English one.
    const english = new Set(RUBRIC.flatMap((s) => [s.measures, ...Object.values(s.anchors)]));
    for (const s of shown) {
      for (const text of [s.measures, ...Object.values(s.anchors)]) {
        expect(english.has(text), text).toBe(false);
      }
    }
    expect(concernsLine(['El coste', 'El dolor'])).toBe(
      'Al paciente le preocupa: El coste, El dolor',
    );
    expect(concernsLine([])).toBe('Al paciente le preocupan varias cosas');
    expect(difficultyName('intermediate')).not.toBe('Intermediate');
    expect(resourceFor({ title: 'A crown', patientConcerns: [] }).caption).toBe('Corona dental');
  });

  it("keep the grader's rubric in English whatever the language", () => {
    setLocaleResolver(() => 'es');
    expect(RUBRIC_BANDS.map((b) => b.label)).toEqual(['Good', 'Fair', 'Poor']);
    expect(skillRubric('overallScore').name).toBe('Overall Performance');
    expect(skillRubric('empathyScore').anchors.good).toMatch(/^You named how the patient felt/);
  });

  it('give the forms their field messages in the language of the moment they fail', () => {
    const firstMessage = (result: { error?: { issues: { message: string }[] } }) =>
      result.error?.issues[0]?.message;
    const shortPassword = { email: 'a@example.com', password: 'short', fullName: 'Ana' };
    setLocaleResolver(() => 'en');
    expect(firstMessage(signUpInput.safeParse(shortPassword))).toBe(
      'Password must be at least 8 characters',
    );
    expect(firstMessage(signUpInput.safeParse({ ...shortPassword, email: 'nope' }))).toBe(
      'Enter a valid email address',
    );
    setLocaleResolver(() => 'es');
    expect(firstMessage(signUpInput.safeParse(shortPassword))).toBe(
      'La contraseña debe tener al menos 8 caracteres',
    );
    expect(
      firstMessage(
        changePasswordInput.safeParse({ currentPassword: '', newPassword: 'long enough' }),
      ),
    ).toBe('La contraseña actual es obligatoria');
    expect(firstMessage(reminderSetting.safeParse({ hoursBefore: 5 }))).toBe(
      'Elige uno de los momentos de recordatorio que se ofrecen',
    );
    expect(firstMessage(resourceCaptionSchema.safeParse('x'.repeat(121)))).toBe(
      'Como máximo 120 caracteres',
    );
  });
});
