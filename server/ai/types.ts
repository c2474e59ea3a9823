import type {
  RealtimeClientEvent,
  RealtimeServerEvent,
  RealtimeSessionCreateRequest,
} from 'openai/resources/realtime/realtime';
import type { DebriefDraft } from '#shared/debrief';
import type { LanguageCode } from '#shared/languages';
import type { Feedback } from '#shared/feedback';
import type { ScenarioRecord } from '../scenarios/schema';
import type { TextTree } from '../scenarios/translation';
import type { Speaker, StreamingTranscriber, Transcriber } from '../voice/types';

/** The AI roles' interfaces. Domain shapes live with their domain (shared/, scenarios/). */

export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

/** The conversation so far; for a reply the last turn is the clinician's newest message. */
export interface ConversationSoFar {
  scenario: ScenarioRecord;
  history: readonly ChatTurn[];
  /**
   * The language the conversation is held in (decision 048): the patient speaks only it. The
   * scenario's when not given (every conversation started before conversations had one).
   */
  language?: LanguageCode;
  /**
   * The language the trainee reads: the grader's, debrief's and coach's explanations are
   * written in it (quotes stay in `language`). English when not given.
   */
  reportLanguage?: LanguageCode;
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
    context: ConversationSoFar,
    options: CallOptions & { stream: boolean },
  ): AsyncIterable<string>;
}

/**
 * Scores a finished conversation. The grader owns spec §5 and §8's fallbacks: what it resolves
 * with is stored as it is (`fallback` says when the default feedback was used); a rejection is
 * a failure the user may retry.
 */
export interface GraderModel {
  grade(context: ConversationSoFar, options: CallOptions): Promise<Feedback>;
  /**
   * The debrief of the finished conversation, pointing at turns by their 1-based position in
   * `context.history`; the caller ties it to the stored messages and checks its quotes. Null
   * when none could be made; the feedback stands without it.
   */
  debrief(context: ConversationSoFar, options: CallOptions): Promise<DebriefDraft | null>;
}

/** Translation with the chat model (decision 048). */
export interface Translator {
  /**
   * Puts a scenario's opening line into a conversation's language, once, when a conversation
   * starts in a language other than the scenario's.
   */
  translate(
    input: { text: string; from: LanguageCode; to: LanguageCode },
    options: CallOptions,
  ): Promise<string>;
  /**
   * A scenario's prose (`textsOf` in scenarios/translation.ts) in another language: the model's
   * JSON answer as it came, for the caller to check (`readTranslation`); it may be anything.
   */
  translateScenario(
    input: { texts: TextTree; from: LanguageCode; to: LanguageCode },
    options: CallOptions,
  ): Promise<string>;
}

/** One short coaching nudge for this moment of the conversation. */
export interface CoachModel {
  hint(context: ConversationSoFar, options: CallOptions): Promise<string>;
}

export interface AiRoles {
  kind: 'offline' | 'openai';
  patient: PatientModel;
  grader: GraderModel;
  coach: CoachModel;
  /**
   * null offline: the built-in patient speaks English only, so no conversation needs one
   * (a conversation in another language is refused at its start), and a scenario's
   * translation is refused.
   */
  translator: Translator | null;
  /** null: no server transcription; the browser's SpeechRecognition supplies text instead. */
  transcriber: Transcriber | null;
  /**
   * Transcription while the clinician speaks (STT_MODE=streaming); null: the batch transcriber
   * takes the streamed audio at the end of speech.
   */
  streamingTranscriber: StreamingTranscriber | null;
  /** null: no server speech; the browser's speechSynthesis reads replies. */
  speaker: Speaker | null;
  /** Realtime calls (speech-to-speech over WebRTC); null unless REALTIME_MODEL is set. */
  realtime: RealtimeProvider | null;
}

/** The provider's Realtime calls, as the Realtime engine needs them (ai/openai/realtimeProvider). */
export interface RealtimeProvider {
  /** Posts the browser's offer with the session; the answer and the call's id come back. */
  createCall(
    input: { offerSdp: string; session: RealtimeSessionCreateRequest },
    options: CallOptions,
  ): Promise<{ answerSdp: string; callId: string }>;
  /** The server's own socket on the call: its events, and a way to steer it. */
  openSideband(callId: string): Promise<RealtimeSideband>;
  hangUp(callId: string): Promise<void>;
}

export interface RealtimeSideband {
  send(event: RealtimeClientEvent): void;
  onEvent(listener: (event: RealtimeServerEvent) => void): void;
  /** The socket closed, whoever closed it. */
  onClose(listener: () => void): void;
  close(): void;
}
