import type OpenAI from 'openai';
import { toFile } from 'openai';
import type { Transcriber } from '../../voice/types';
import { callWithRetries, type AiLogger, type RetryPolicy } from './retry';

/**
 * Spec §9: transcription with the configured model (whisper-1 by default), in the
 * conversation's language (decision 048).
 */
export function createOpenAiTranscriber(
  client: OpenAI,
  model: string,
  policy: RetryPolicy,
  logger?: AiLogger,
): Transcriber {
  return {
    async transcribe(audio, { format, language }, { signal }) {
      return callWithRetries(
        async (attemptSignal) => {
          const file = await toFile(audio, `utterance.${format}`, {
            type: format === 'wav' ? 'audio/wav' : 'audio/webm',
          });
          const result = await client.audio.transcriptions.create(
            { file, model, language },
            { signal: attemptSignal, timeout: policy.timeoutMs },
          );
          return result.text.trim();
        },
        policy,
        signal,
        logger,
      );
    },
  };
}
