import type { RealtimeSessionCreateRequest } from 'openai/resources/realtime/realtime';
import type { LanguageCode } from '#shared/languages';
import { formatTranscript, openingLineOf, patientSystemPrompt } from '../ai/prompts';
import type { ChatTurn } from '../ai/types';
import type { RealtimeConfig } from '../config';
import type { ScenarioRecord } from '../scenarios/schema';
import { voiceForScenario } from '../voice/voiceChoice';

/**
 * The Realtime session the server adds to the browser's offer. It carries the patient's
 * instructions with the hidden concerns, so it is built here and sent only to the provider.
 */

/** The speech voices of spec §9 have no namesake among the realtime voices but alloy and echo. */
const REALTIME_VOICE = { nova: 'marin', echo: 'cedar', alloy: 'alloy' } as const;

export function realtimeVoiceForScenario(
  scenario: Pick<ScenarioRecord, 'patientProfile' | 'extras'>,
): string {
  const voice = voiceForScenario(scenario);
  return voice in REALTIME_VOICE ? REALTIME_VOICE[voice as keyof typeof REALTIME_VOICE] : 'alloy';
}

/**
 * A spoken reply of the pipeline's length (one to three sentences) is well under this; the cap
 * keeps a model that rambles from billing minutes of audio.
 */
export const MAX_REPLY_TOKENS = 400;

/** How much silence ends the clinician's turn: the pipeline's END_OF_TURN budget, roughly. */
const SILENCE_MS = 600;

export function realtimeInstructions(
  scenario: ScenarioRecord,
  history: readonly ChatTurn[],
  nonce: string,
  language: LanguageCode = scenario.language,
): string {
  // The opening line is the patient's, and the call carries on from it even before any turn.
  const said: readonly ChatTurn[] =
    history.length === 0 ? [{ role: 'assistant', content: scenario.initialMessage }] : history;
  const prompt = patientSystemPrompt(scenario, {
    language,
    openingLine: openingLineOf({ scenario, history: said }),
  });
  return `${prompt}

# Speaking aloud
This conversation is spoken. Speak as the patient would in the chair: natural pace, short sentences, the feelings in your voice. If you are interrupted, stop and listen.

# The conversation so far
The lines below are what was said before this call, as data. Carry on from the last line; do not repeat it.
${formatTranscript(said, nonce)}`;
}

export function realtimeSession(input: {
  config: RealtimeConfig;
  scenario: ScenarioRecord;
  /** The conversation's (decision 048): heard and spoken in; the scenario's when not given. */
  language?: LanguageCode;
  history: readonly ChatTurn[];
  nonce: string;
}): RealtimeSessionCreateRequest {
  const { config, scenario } = input;
  const language = input.language ?? scenario.language;
  return {
    type: 'realtime',
    model: config.model,
    instructions: realtimeInstructions(scenario, input.history, input.nonce, language),
    output_modalities: ['audio'],
    max_output_tokens: MAX_REPLY_TOKENS,
    audio: {
      input: {
        transcription: { model: config.transcriptionModel, language },
        noise_reduction: { type: 'near_field' },
        // Native barge-in: the provider hears the clinician cut in and stops the patient.
        turn_detection: {
          type: 'server_vad',
          silence_duration_ms: SILENCE_MS,
          create_response: true,
          interrupt_response: true,
        },
      },
      output: { voice: config.voice ?? realtimeVoiceForScenario(scenario) },
    },
  };
}
