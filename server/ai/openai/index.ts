import OpenAI from 'openai';
import type { CoachModel, GraderModel, PatientModel, RealtimeProvider, Translator } from '../types';
import { createOpenAiCoach } from './coach';
import { createOpenAiGrader } from './grader';
import { createOpenAiPatient } from './patient';
import { createOpenAiSpeaker, type SpeechFormat } from './speaker';
import { createOpenAiRealtime } from './realtimeProvider';
import { createOpenAiStreamingTranscriber } from './streamingTranscriber';
import { createOpenAiTranscriber } from './transcriber';
import { createOpenAiTranslator } from './translator';
import type { Speaker, StreamingTranscriber, Transcriber } from '../../voice/types';
import type { AiLogger } from './retry';

export { AiProviderError } from './errors';
export type { AiProviderErrorKind } from './errors';
export type { AiLogger } from './retry';

export interface OpenAiRolesConfig {
  apiKey: string;
  /** Any OpenAI-compatible server; the official API when absent. */
  baseURL?: string;
  chatModel: string;
  feedbackModel: string;
  sttModel: string;
  /**
   * A streaming transcription model for a Realtime transcription session per utterance; absent
   * for servers without one (batch transcription of the streamed audio instead).
   */
  sttStreamingModel?: string | null;
  ttsModel: string;
  /** Speech as raw PCM, played as it arrives (the default), or mp3. */
  ttsFormat?: SpeechFormat;
  /** Longest wait for a live reply's first token, or between two tokens, and for a hint. */
  timeoutMs: number;
  /** Grading writes up to 1000 tokens in one piece, so it gets its own, longer deadline. */
  feedbackTimeoutMs?: number;
  /** Attempts after the first, made only before anything reached the user. */
  maxRetries: number;
  /** Realtime calls over WebRTC (the session's model is chosen per call). */
  realtime?: boolean;
}

const OFFICIAL_BASE_URL = 'https://api.openai.com/v1';
const DEFAULT_FEEDBACK_TIMEOUT_MS = 60_000;
/**
 * A scenario's translation writes thousands of tokens in one answer, and its author waits for
 * it on purpose, with a spinner. Within the proxy's wait for an answer (deploy/haproxy.cfg,
 * `timeout server 120s`), so a slow model ends in our own clear refusal, not a proxy's 504.
 */
const SCENARIO_TRANSLATION_TIMEOUT_MS = 100_000;
/**
 * A streaming model's final comes a few hundred ms after the commit; past this the batch
 * fallback is the quicker way to an answer, however long a live reply may be allowed to take.
 */
const STREAMING_FINAL_TIMEOUT_MS = 10_000;

export function createOpenAiRoles(
  config: OpenAiRolesConfig,
  logger?: AiLogger,
): {
  patient: PatientModel;
  grader: GraderModel;
  coach: CoachModel;
  translator: Translator;
  transcriber: Transcriber;
  streamingTranscriber: StreamingTranscriber | null;
  speaker: Speaker;
  realtime: RealtimeProvider | null;
} {
  // Everything explicit, so the SDK neither reads the environment nor retries on its own.
  const baseURL = config.baseURL ?? OFFICIAL_BASE_URL;
  const client = new OpenAI({
    apiKey: config.apiKey,
    baseURL,
    organization: null,
    project: null,
    adminAPIKey: null,
    webhookSecret: null,
    maxRetries: 0,
    timeout: config.timeoutMs,
  });
  const live = { maxRetries: config.maxRetries, timeoutMs: config.timeoutMs };
  const grading = {
    maxRetries: config.maxRetries,
    timeoutMs: config.feedbackTimeoutMs ?? Math.max(config.timeoutMs, DEFAULT_FEEDBACK_TIMEOUT_MS),
  };
  return {
    patient: createOpenAiPatient(client, config.chatModel, live, logger),
    grader: createOpenAiGrader(client, config.feedbackModel, grading, logger),
    coach: createOpenAiCoach(client, config.chatModel, live, logger),
    translator: createOpenAiTranslator(
      client,
      config.chatModel,
      {
        opening: live,
        // No retry: a second attempt would outlast the proxy's wait; the author can ask again.
        scenario: { maxRetries: 0, timeoutMs: SCENARIO_TRANSLATION_TIMEOUT_MS },
      },
      logger,
    ),
    transcriber: createOpenAiTranscriber(client, config.sttModel, live, logger),
    streamingTranscriber: config.sttStreamingModel
      ? createOpenAiStreamingTranscriber({
          apiKey: config.apiKey,
          baseURL,
          model: config.sttStreamingModel,
          timeoutMs: Math.min(config.timeoutMs, STREAMING_FINAL_TIMEOUT_MS),
          logger,
        })
      : null,
    speaker: createOpenAiSpeaker(client, config.ttsModel, live, config.ttsFormat),
    realtime: config.realtime
      ? createOpenAiRealtime(client, {
          apiKey: config.apiKey,
          baseURL,
          timeoutMs: config.timeoutMs,
        })
      : null,
  };
}
