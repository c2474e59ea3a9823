import type OpenAI from 'openai';
import type { Translator } from '../types';
import { openingLineMessages } from '../languagePrompt';
import {
  SCENARIO_TRANSLATION_SCHEMA_NAME,
  scenarioTranslationMessages,
  textsJsonSchema,
} from '../scenarioTranslationPrompt';
import { AiProviderError } from './errors';
import { callWithRetries, type AiLogger, type RetryPolicy } from './retry';

/** Low: a translation should be faithful, not creative. */
const TRANSLATION_TEMPERATURE = 0.2;
/** An opening line is at most 1000 characters (SCENARIO_LIMITS.initialMessage). */
const TRANSLATION_MAX_TOKENS = 600;
/**
 * The largest scenario the schema allows is about 60 KB of JSON, most of it prose; shipped
 * ones are a tenth of that. An answer cut off here fails to parse and is refused as unusable.
 */
const SCENARIO_MAX_TOKENS = 16_000;

/** Translation with the chat model (decision 048): an opening line, or a scenario's prose. */
export function createOpenAiTranslator(
  client: OpenAI,
  model: string,
  policies: { opening: RetryPolicy; scenario: RetryPolicy },
  logger?: AiLogger,
): Translator {
  return {
    async translate(input, { signal }) {
      const policy = policies.opening;
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

    async translateScenario(input, { signal }) {
      const policy = policies.scenario;
      return callWithRetries(
        async (attemptSignal) => {
          const completion = await client.chat.completions.create(
            {
              model,
              messages: scenarioTranslationMessages(input),
              temperature: TRANSLATION_TEMPERATURE,
              max_tokens: SCENARIO_MAX_TOKENS,
              response_format: {
                type: 'json_schema',
                json_schema: {
                  name: SCENARIO_TRANSLATION_SCHEMA_NAME,
                  strict: true,
                  schema: textsJsonSchema(input.texts),
                },
              },
            },
            { signal: attemptSignal, timeout: policy.timeoutMs },
          );
          const choice = completion.choices[0];
          if (choice?.finish_reason === 'length') {
            logger?.warn('ai.scenario_translation_cut_off', { maxTokens: SCENARIO_MAX_TOKENS });
          }
          return choice?.message?.content ?? '';
        },
        policy,
        signal,
        logger,
      );
    },
  };
}
