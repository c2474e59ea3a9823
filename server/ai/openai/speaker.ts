import type OpenAI from 'openai';
import { SPEECH_PCM_MIME } from '#shared/speechAudio';
import type { Speaker } from '../../voice/types';
import { providerWait } from '../../metrics/metrics';
import { toAiProviderError } from './errors';
import { withIdleDeadline } from './idleDeadline';
import type { RetryPolicy } from './retry';

export type SpeechFormat = 'pcm' | 'mp3';

const MIME: Record<SpeechFormat, string> = { pcm: SPEECH_PCM_MIME, mp3: 'audio/mpeg' };

/**
 * The tts-1 family reads text in any language but takes no `instructions` (the provider
 * refuses them); newer speech models take them, and are told the language and accent.
 */
export function takesInstructions(model: string): boolean {
  return !/^tts-1(?:-|$)/.test(model);
}

/**
 * Spec §9: speech with the configured model (tts-1 by default), streamed. `pcm` (raw 24 kHz mono
 * PCM16) lets the browser play each chunk as it arrives; `mp3` is for servers without it.
 */
export function createOpenAiSpeaker(
  client: OpenAI,
  model: string,
  policy: RetryPolicy,
  format: SpeechFormat = 'pcm',
): Speaker {
  return {
    mime: MIME[format],
    async *synthesize(text, voice, { signal }) {
      const answered = providerWait('speech_first_byte');
      let response: Response;
      try {
        response = await client.audio.speech.create(
          {
            model,
            voice: voice.name,
            input: text,
            response_format: format,
            ...(takesInstructions(model) ? { instructions: voice.instructions } : {}),
          },
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
      const reads = {
        [Symbol.asyncIterator]: () => ({ next: () => reader.read() }),
      } as AsyncIterable<Uint8Array>;
      try {
        const chunks = withIdleDeadline(reads, policy.timeoutMs, () => {
          void reader.cancel().catch(() => undefined);
        });
        for await (const value of chunks) {
          if (value.length === 0) continue;
          answered();
          yield Buffer.from(value.buffer, value.byteOffset, value.byteLength);
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
