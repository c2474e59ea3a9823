import type OpenAI from 'openai';
import type { CallOptions, ConversationSoFar, PatientModel } from '../types';
import { patientMessages } from '../prompts';
import { providerWait } from '../../metrics/metrics';
import { AiProviderError } from './errors';
import { withIdleDeadline } from './idleDeadline';
import { callWithRetries, streamWithRetries } from './retry';
import type { AiLogger, RetryPolicy } from './retry';

/** Spec §9: patient reply at temperature 0.7, at most 300 tokens. */
const PATIENT_TEMPERATURE = 0.7;
const PATIENT_MAX_TOKENS = 300;

export function createOpenAiPatient(
  client: OpenAI,
  model: string,
  policy: RetryPolicy,
  logger?: AiLogger,
): PatientModel {
  const request = (context: ConversationSoFar) => ({
    model,
    messages: patientMessages(context),
    temperature: PATIENT_TEMPERATURE,
    max_tokens: PATIENT_MAX_TOKENS,
  });

  async function* streamed(context: ConversationSoFar, signal: AbortSignal) {
    const answered = providerWait('chat_first_token');
    const stream = await client.chat.completions.create(
      { ...request(context), stream: true },
      { signal, timeout: policy.timeoutMs },
    );
    const chunks = withIdleDeadline(stream, policy.timeoutMs, () => stream.controller.abort());
    for await (const chunk of chunks) {
      const text = chunk.choices[0]?.delta?.content ?? '';
      if (text !== '') answered();
      yield text;
    }
  }

  async function* whole(context: ConversationSoFar, signal: AbortSignal) {
    const text = await callWithRetries(
      async (attemptSignal) => {
        const completion = await client.chat.completions.create(
          { ...request(context), stream: false },
          { signal: attemptSignal, timeout: policy.timeoutMs },
        );
        const content = completion.choices[0]?.message?.content?.trim();
        if (!content) throw new AiProviderError('empty', 'The model returned no text');
        return content;
      },
      policy,
      signal,
      logger,
    );
    yield text;
  }

  return {
    streamReply(context: ConversationSoFar, options: CallOptions & { stream: boolean }) {
      return options.stream
        ? streamWithRetries((signal) => streamed(context, signal), policy, options.signal, logger)
        : whole(context, options.signal);
    },
  };
}
