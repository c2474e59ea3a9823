import type OpenAI from 'openai';
import { MESSAGES_FOR_FEEDBACK } from '#shared/conversation';
import { defaultFeedback, parseFeedbackText } from '#shared/feedback';
import type { CallOptions, ConversationSoFar, GraderModel } from '../types';
import type { Feedback } from '#shared/feedback';
import type { DebriefDraft } from '#shared/debrief';
import {
  DEBRIEF_SCHEMA_NAME,
  debriefJsonSchema,
  debriefMessages,
  parseGraderDebrief,
} from '../debriefPrompt';
import { verifyEvidence } from '../evidence';
import { FEEDBACK_SCHEMA_NAME, feedbackJsonSchema, graderMessages } from '../prompts';
import { callWithRetries } from './retry';
import type { AiLogger, RetryPolicy } from './retry';

/** Spec §9: feedback generation at temperature 0.3, at most 1000 tokens. */
const GRADER_TEMPERATURE = 0.3;
const GRADER_MAX_TOKENS = 1000;
/** A note per turn, a state and a thought per patient line: far longer than the scores. */
const DEBRIEF_MAX_TOKENS = 4000;

export function createOpenAiGrader(
  client: OpenAI,
  model: string,
  policy: RetryPolicy,
  logger?: AiLogger,
): GraderModel {
  return {
    async grade(context: ConversationSoFar, options: CallOptions): Promise<Feedback> {
      // Spec §5 and §9: too short a conversation gets default feedback without a call.
      if (context.history.length < MESSAGES_FOR_FEEDBACK) return defaultFeedback();

      const text = await callWithRetries(
        async (signal) => {
          const completion = await client.chat.completions.create(
            {
              model,
              messages: graderMessages(context),
              temperature: GRADER_TEMPERATURE,
              max_tokens: GRADER_MAX_TOKENS,
              response_format: {
                type: 'json_schema',
                json_schema: {
                  name: FEEDBACK_SCHEMA_NAME,
                  strict: true,
                  schema: feedbackJsonSchema,
                },
              },
            },
            { signal, timeout: policy.timeoutMs },
          );
          return completion.choices[0]?.message?.content ?? '';
        },
        policy,
        options.signal,
        logger,
      );
      // Spec §8: no choices or empty content gets the default feedback, stored like any other
      // answer. Whatever the call throws is a failure the caller reports as retryable.
      if (!text.trim()) {
        logger?.warn('ai.feedback_fallback', { fallback: 'default' });
        return defaultFeedback();
      }

      const trainee = context.history.filter((t) => t.role === 'user').map((t) => t.content);
      const feedback = verifyEvidence(parseFeedbackText(text), trainee);
      if (feedback.fallback !== null) {
        logger?.warn('ai.feedback_fallback', { fallback: feedback.fallback });
      }
      return feedback;
    },
    async debrief(context: ConversationSoFar, options: CallOptions): Promise<DebriefDraft | null> {
      if (context.history.length < MESSAGES_FOR_FEEDBACK) return null;
      const text = await callWithRetries(
        async (signal) => {
          const completion = await client.chat.completions.create(
            {
              model,
              messages: debriefMessages(context),
              temperature: GRADER_TEMPERATURE,
              max_tokens: DEBRIEF_MAX_TOKENS,
              response_format: {
                type: 'json_schema',
                json_schema: { name: DEBRIEF_SCHEMA_NAME, strict: true, schema: debriefJsonSchema },
              },
            },
            { signal, timeout: policy.timeoutMs },
          );
          return completion.choices[0]?.message?.content ?? '';
        },
        policy,
        options.signal,
        logger,
      );
      const draft = parseGraderDebrief(text, context);
      if (draft === null) logger?.warn('ai.debrief_unreadable', {});
      return draft;
    },
  };
}
