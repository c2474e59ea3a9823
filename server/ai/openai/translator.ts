import type OpenAI from 'openai';
import type { OpeningTranslator } from '../types';
import { openingLineMessages } from '../languagePrompt';
import { AiProviderError } from './errors';
import { callWithRetries, type AiLogger, type RetryPolicy } from './retry';

/** Low: a translation should be faithful, not creative. */
const TRANSLATION_TEMPERATURE = 0.2;
/** An opening line is at most 1000 characters (SCENARIO_LIMITS.initialMessage). */
const TRANSLATION_MAX_TOKENS = 600;

/** The opening line in the conversation's language, with the chat model (decision 048). */
export function createOpenAiTranslator(
  client: OpenAI,
  model: string,
  policy: RetryPolicy,
  logger?: AiLogger,
): OpeningTranslator {
  return {
    async translate(input, { signal }) {
      return callWithRetries(
        async (attemptSignal) => {
          const completion = await client.chat.completions.create(
            {
              model,
              messages: openingLineMessages(input),
              temperature: TRANSLATION_TEMPERATURE,
              max_tokens: TRANSLATION_MAX_TOKENS,
            },
            { signal: attemptSignal, timeout: policy.timeoutMs },
          );
          const text = completion.choices[0]?.message?.content?.trim();
          if (!text) throw new AiProviderError('empty', 'The model returned no translation');
          return text;
        },
        policy,
        signal,
        logger,
      );
    },
  };
}
