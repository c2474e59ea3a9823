import type { PatientExtras } from '../scenarios/schema';
import type { Scenario } from '../../shared/scenario';
import type { Speaker, Transcriber } from '../voice/types';

/** A scenario as the server knows it: the public fields plus the engine extras. */
export interface ScenarioRecord extends Scenario {
  slug: string;
  extras: PatientExtras;
}

export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

/** The conversation so far; for a reply the last turn is the clinician's newest message. */
export interface ConversationContext {
  scenario: ScenarioRecord;
  history: readonly ChatTurn[];
}

export interface CallOptions {
  /** Aborted when the user leaves, cancels (barge-in) or the server shuts down. */
  signal: AbortSignal;
}

/** The simulated patient. Yields text deltas; the concatenation is the whole reply. */
export interface PatientModel {
  /**
   * With `stream: false` the model may answer in one piece (spec §7's non-streaming variant);
   * it still yields, just once.
   */
  streamReply(
    context: ConversationContext,
    options: CallOptions & { stream: boolean },
  ): AsyncIterable<string>;
}

export interface FeedbackItem {
  text: string;
  /** A verbatim quote of the trainee's own words that supports the point, or null. */
  quote: string | null;
}

export interface GradedFeedback {
  overallScore: number;
  empathyScore: number;
  clarityScore: number;
  persuasionScore: number;
  objectionHandlingScore: number;
  strengths: FeedbackItem[];
  areasForImprovement: FeedbackItem[];
  suggestedResponses: string[];
  /**
   * null when the grader's answer passed validation as it was; otherwise which of the
   * spec §5 fallbacks produced it.
   */
  fallback: null | 'json_in_text' | 'text_scan' | 'default';
}

/** Scores a finished conversation. */
export interface FeedbackModel {
  grade(context: ConversationContext, options: CallOptions): Promise<GradedFeedback>;
}

/** One short coaching nudge for this moment of the conversation. */
export interface CoachModel {
  hint(context: ConversationContext, options: CallOptions): Promise<string>;
}

export interface AiRoles {
  kind: 'offline' | 'openai';
  patient: PatientModel;
  grader: FeedbackModel;
  coach: CoachModel;
  /** null: no server transcription; the browser's SpeechRecognition supplies text instead. */
  transcriber: Transcriber | null;
  /** null: no server speech; the browser's speechSynthesis reads replies. */
  speaker: Speaker | null;
}
