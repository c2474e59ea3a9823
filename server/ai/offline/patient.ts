import { composePatientReply } from './patientReply';
import { streamWords } from './streamText';
import type { PatientModel } from '../types';

/** The simulated patient used when no AI provider is configured: deterministic, no network. */
export function createOfflinePatient(): PatientModel {
  return {
    streamReply(context, options) {
      const reply = composePatientReply(context.scenario, context.history);
      return streamWords(reply, options.signal, options.stream);
    },
  };
}
