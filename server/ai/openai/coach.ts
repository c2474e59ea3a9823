import type OpenAI from 'openai';
import type { CallOptions, CoachModel, ConversationSoFar } from '../types';
import { coachMessages } from '../prompts';
import { AiProviderError } from './errors';
import { callWithRetries } from './retry';
import type { AiLogger, RetryPolicy } from './retry';

// A nudge should be the same advice every time for the same moment, and short.
const COACH_TEMPERATURE = 0.2;
const COACH_MAX_TOKENS = 80;
const MAX_HINT_WORDS = 25;

/** First line only, without list marks, wrapping quotes or a label; hard cap on length. */
export function tidyHint(text: string): string {
  const line =
    text
      .split(/\r?\n/)
      .map((l) => l.trim())
      .find((l) => l !== '') ?? '';
  const bare = line
    .replace(/^(?:[-*•]\s+|\d+[.)]\s+)/, '')
    .replace(/^(?:hint|nudge|tip)\s*:\s*/i, '')
    .replace(/^["'“]+|["'”]+$/g, '')
    .trim();
  const words = bare.split(/\s+/).filter((w) => w !== '');
  return words.length <= MAX_HINT_WORDS
    ? words.join(' ')
    : `${words.slice(0, MAX_HINT_WORDS).join(' ')}…`;
}

export function createOpenAiCoach(
  client: OpenAI,
  model: string,
  policy: RetryPolicy,
  logger?: AiLogger,
): CoachModel {
  return {
    hint(context: ConversationSoFar, options: CallOptions): Promise<string> {
      return callWithRetries(
        async (signal) => {
          const completion = await client.chat.completions.create(
            {
              model,
              messages: coachMessages(context),
              temperature: COACH_TEMPERATURE,
              max_tokens: COACH_MAX_TOKENS,
            },
            { signal, timeout: policy.timeoutMs },
          );
          const hint = tidyHint(completion.choices[0]?.message?.content ?? '');
          if (hint === '') throw new AiProviderError('empty', 'The coach returned no text');
          return hint;
        },
        policy,
        options.signal,
        logger,
      );
    },
  };
}
