import { choosePatientAvatar } from '#shared/illustrations';
import type { ScenarioRecord } from '../scenarios/schema';
import type { SpeechVoice } from './types';

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
