import type { AiConfig } from '../config';
import type { Logger } from '../logger';
import { createOfflineCoach, createOfflinePatient, createOfflineGrader } from './offline';
import { createOpenAiRoles } from './openai';
import type { AiRoles } from './types';

/**
 * The one place that knows which vendor fills each role. Everything else asks for
 * `ai.patient`, `ai.grader` or `ai.coach`.
 */
export function createAiRoles(config: AiConfig, logger: Logger): AiRoles {
  if (config.provider === 'offline') {
    return {
      kind: 'offline',
      patient: createOfflinePatient(),
      grader: createOfflineGrader(),
      coach: createOfflineCoach(),
      translator: null,
      transcriber: null,
      streamingTranscriber: null,
      speaker: null,
      realtime: null,
    };
  }
  const roles = createOpenAiRoles(
    {
      // Local OpenAI-compatible servers accept any key; the SDK insists on one.
      apiKey: config.apiKey ?? 'not-needed',
      ...(config.baseURL ? { baseURL: config.baseURL } : {}),
      chatModel: config.chatModel,
      feedbackModel: config.feedbackModel,
      sttModel: config.sttModel,
      sttStreamingModel: config.sttMode === 'streaming' ? config.sttStreamingModel : null,
      ttsModel: config.ttsModel,
      ttsFormat: config.ttsFormat,
      timeoutMs: config.timeoutMs,
      maxRetries: config.maxRetries,
      realtime: config.realtime !== null,
    },
    logger,
  );
  return { kind: 'openai', ...roles };
}
