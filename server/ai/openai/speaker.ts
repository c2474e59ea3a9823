import type OpenAI from 'openai';
import type { Speaker } from '../../voice/types';
import { toAiProviderError } from './errors';
import type { RetryPolicy } from './retry';

/** Spec §9: speech with the configured model (tts-1 by default) as mp3, streamed. */
export function createOpenAiSpeaker(client: OpenAI, model: string, policy: RetryPolicy): Speaker {
  return {
    mime: 'audio/mpeg',
    async *synthesize(text, voice, { signal }) {
      let response: Response;
      try {
        response = await client.audio.speech.create(
          { model, voice, input: text, response_format: 'mp3' },
          { signal, timeout: policy.timeoutMs },
        );
      } catch (error) {
        throw toAiProviderError(error, {
          aborted: signal.aborted,
          timedOut: false,
          timeoutMs: policy.timeoutMs,
        });
      }
      if (!response.body) return;
      const reader = response.body.getReader();
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          if (value && value.length > 0) yield Buffer.from(value);
        }
      } catch (error) {
        throw toAiProviderError(error, {
          aborted: signal.aborted,
          timedOut: false,
          timeoutMs: policy.timeoutMs,
        });
      } finally {
        reader.releaseLock();
      }
    },
  };
}
