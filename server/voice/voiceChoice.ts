import { languageOf, type LanguageCode } from '#shared/languages';
import { choosePatientAvatar } from '#shared/illustrations';
import type { PatientExtras } from '#shared/scenarioSeed';
import type { ScenarioRecord } from '../scenarios/schema';
import type { PatientVoice, SpeechVoice } from './types';

/**
 * Spec §9: nova when the patient reads female, echo otherwise, alloy when nothing is known.
 * The scenario's own voice hint wins over profile keywords.
 */
export function voiceForScenario(
  scenario: Pick<ScenarioRecord, 'patientProfile' | 'extras'> | null,
): SpeechVoice {
  if (!scenario) return 'alloy';
  const gender = scenario.extras?.voice?.gender;
  if (gender === 'female') return 'nova';
  if (gender === 'male') return 'echo';
  const avatar = choosePatientAvatar(scenario.patientProfile);
  if (avatar.startsWith('female')) return 'nova';
  if (avatar.startsWith('male')) return 'echo';
  return 'alloy';
}

/** The accent a native speaker in the chair would have: the one the BCP-47 tag names. */
const ACCENT: Record<LanguageCode, string> = {
  en: 'an American English accent',
  es: 'a Spanish (Spain) accent',
  fr: 'a French (France) accent',
  de: 'a German (Germany) accent',
  pt: 'a European Portuguese accent',
  it: 'an Italian (Italy) accent',
};

const PERSON: Record<PatientExtras['voice']['ageGroup'], Record<string, string>> = {
  child: { female: 'a young girl', male: 'a young boy', unknown: 'a child' },
  adult: { female: 'a woman', male: 'a man', unknown: 'an adult' },
  senior: { female: 'an older woman', male: 'an older man', unknown: 'an older adult' },
};

/**
 * What a speech model that takes instructions is told: speak this language as a native
 * speaker, as the person the scenario describes (decision 048). The voice itself still follows
 * the scenario's gender; the instructions add the language, the accent and the age.
 */
export function speechInstructions(
  language: LanguageCode,
  voice: Partial<PatientExtras['voice']> | undefined,
): string {
  const person = PERSON[voice?.ageGroup ?? 'adult'][voice?.gender ?? 'unknown'];
  return `Speak ${languageOf(language).name} as a native speaker with ${ACCENT[language]}, in the voice of ${person}: a dental patient talking in the chair, naturally and at a calm pace.`;
}

/** The patient's voice for a conversation in `language`. */
export function patientVoice(
  scenario: Pick<ScenarioRecord, 'patientProfile' | 'extras'> | null,
  language: LanguageCode,
): PatientVoice {
  return {
    name: voiceForScenario(scenario),
    language,
    instructions: speechInstructions(language, scenario?.extras?.voice),
  };
}
