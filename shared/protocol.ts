import { z } from 'zod';
import { CONTROL_CHARS } from './inputChecks';
import { errorCodeSchema } from './errors';
import { CONVERSATION_TEXT, INPUT_TEXT } from './text';
import { MAX_MESSAGE_CHARS, messageSchema } from './conversation';

/**
 * The conversation socket, /ws/conversations/:conversationId. Every frame is JSON except audio: the
 * clinician's as the binary frames of a stream (`audio_start` … `audio_commit`), the patient's
 * as one binary frame right after the `speech` header that announces it.
 * Both ends parse with these schemas.
 */

const clientId = z
  .string({ error: () => INPUT_TEXT.isRequired('clientId') })
  .min(1, { error: () => INPUT_TEXT.isRequired('clientId') })
  .max(64, { error: () => INPUT_TEXT.isTooLong('clientId') })
  .refine((id) => !CONTROL_CHARS.test(id), { error: () => INPUT_TEXT.badCharacters('clientId') });

const turnText = z
  .string({ error: () => CONVERSATION_TEXT.textRequired })
  .max(MAX_MESSAGE_CHARS, { error: () => CONVERSATION_TEXT.tooLong(MAX_MESSAGE_CHARS) })
  .refine((text) => text.trim() !== '', { error: () => CONVERSATION_TEXT.blank })
  .refine((text) => !CONTROL_CHARS.test(text), { error: () => CONVERSATION_TEXT.badCharacters });

export const clientMessageSchema = z.discriminatedUnion('type', [
  /** A typed (or browser-recognised spoken) turn. */
  z.strictObject({
    type: z.literal('turn'),
    clientId,
    text: turnText,
    stream: z.boolean(),
    /** The words came from the microphone (browser recognition or dictation). */
    source: z.enum(['typed', 'dictated', 'voice']).default('typed'),
    /** Ask the server to synthesise the reply as it streams (voice mode). */
    speak: z.boolean().default(false),
  }),
  /**
   * An utterance, dictated or spoken, streams while the clinician speaks. After this, binary
   * frames (see shared/voice.ts: sequence number + 16 kHz mono PCM16) belong to it until
   * `audio_commit` (the detector's end of speech) or `audio_cancel` (a misfire: nothing is
   * stored). Its purpose is known from the start, as it decides the admission (decision 029).
   */
  z.strictObject({
    type: z.literal('audio_start'),
    clientId,
    format: z.literal('pcm16'),
    sampleRate: z.literal(16_000),
    /** 'turn' is answered; 'dictation' only has its transcript sent back, for the composer. */
    purpose: z.enum(['turn', 'dictation']).default('turn'),
    stream: z.boolean().default(true),
    speak: z.boolean().default(true),
  }),
  /** End of speech: `frames` is how many binary frames were sent, so none can go missing. */
  z.strictObject({
    type: z.literal('audio_commit'),
    clientId,
    frames: z.number().int().min(0),
  }),
  /**
   * The clinician has been silent a moment (shorter than the end of speech): the words so far
   * are made final now, while the utterance stays open, and the patient's reply may start on
   * them (server/conversations/earlyReply.ts). `frames` as in `audio_commit`.
   */
  z.strictObject({
    type: z.literal('audio_pause'),
    clientId,
    frames: z.number().int().min(0),
  }),
  /** The VAD misfired (too short to be speech): drop the stream, store nothing. */
  z.strictObject({ type: z.literal('audio_cancel'), clientId }),
  /**
   * Barge-in or stop: cancel the running reply; `heardChars` is how much was spoken aloud. In a
   * Realtime call, Stop audio: the server stops the reply's audio and keeps what was played of
   * it (it reads that off the call itself).
   */
  z.strictObject({
    type: z.literal('cancel'),
    heardChars: z.number().int().min(0).optional(),
  }),
  /**
   * Realtime: the clinician clicked to start the call set up ahead ('standby', with the
   * microphone muted) when Voice Mode opened. From here it is in use and paid for.
   */
  z.strictObject({ type: z.literal('realtime_start') }),
  /** Speak an existing patient message with the server's voice. */
  z.strictObject({ type: z.literal('speak'), messageId: z.string().min(1).max(64) }),
  /** Stop speaking a message requested with `speak`. */
  z.strictObject({ type: z.literal('stop_speaking') }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;
export type ClientMessageInput = z.input<typeof clientMessageSchema>;

/** Where a Realtime call is, as the status line shows it. */
export const realtimeStateSchema = z.enum([
  'connecting',
  'listening',
  'user_speaking',
  'processing',
  'patient_speaking',
]);
export type RealtimeState = z.infer<typeof realtimeStateSchema>;

export const realtimeEndReasonSchema = z.enum([
  /** The user (or the page closing) hung up. */
  'hung_up',
  /** The conversation was ended (graded). */
  'conversation_ended',
  /** The sideband or the provider went away. */
  'dropped',
  'call_too_long',
  'quota',
  /** A newer call for the same conversation took over. */
  'replaced',
]);
export type RealtimeEndReason = z.infer<typeof realtimeEndReasonSchema>;

export const serverMessageSchema = z.discriminatedUnion('type', [
  /** Sent on connect: everything stored, so a reconnecting client loses nothing. */
  z.object({
    type: z.literal('history'),
    messages: z.array(messageSchema),
    ended: z.boolean(),
    /** What the server can do with audio; otherwise the browser's own speech is used. */
    voice: z.object({
      transcription: z.boolean(),
      speech: z.boolean(),
      /** The server offers the Realtime engine (speech-to-speech over WebRTC). */
      realtime: z.boolean(),
    }),
  }),
  z.object({ type: z.literal('turn_stored'), clientId: z.string(), message: messageSchema }),
  /** The final transcript of an utterance. */
  z.object({ type: z.literal('transcript'), clientId: z.string(), text: z.string() }),
  /**
   * What has been heard so far of an utterance still being spoken: the 'You:' line grows. At a
   * pause (`audio_pause`) it holds the final words so far, the last word included.
   */
  z.object({ type: z.literal('transcript_partial'), clientId: z.string(), text: z.string() }),
  z.object({ type: z.literal('reply_start'), replyId: z.string() }),
  z.object({ type: z.literal('reply_delta'), replyId: z.string(), text: z.string() }),
  z.object({ type: z.literal('reply_done'), replyId: z.string(), message: messageSchema }),
  /**
   * A stored reply changed after it was done: the user barged in while its audio was still
   * playing, so only the part they heard is kept (marked partial).
   */
  z.object({ type: z.literal('reply_revised'), message: messageSchema }),
  /**
   * Audio of sentence `seq` of a reply. When `bytes` > 0 the next frame is that many bytes of
   * audio; `final` (with bytes 0) closes the sentence so it can be played.
   */
  z.object({
    type: z.literal('speech'),
    replyId: z.string(),
    seq: z.number().int().min(0),
    text: z.string(),
    mime: z.string(),
    bytes: z.number().int().min(0),
    final: z.boolean(),
  }),
  z.object({ type: z.literal('speech_done'), replyId: z.string() }),
  /**
   * Realtime engine. The call's state, read by the server off the provider's sideband events:
   * the browser opens no data channel (decision 017), so it learns everything from here.
   */
  z.object({ type: z.literal('realtime_state'), state: realtimeStateSchema }),
  /** A live 'You:' or 'Patient:' line of the call: the whole text so far of one item. */
  z.object({
    type: z.literal('realtime_transcript'),
    role: z.enum(['user', 'assistant']),
    itemId: z.string(),
    text: z.string(),
    final: z.boolean(),
  }),
  /** A message the call stored (either side's), in the conversation's order. */
  z.object({ type: z.literal('message_stored'), message: messageSchema }),
  /** The call is over (hung up, dropped or stopped by a limit); `message` is for the user. */
  z.object({
    type: z.literal('realtime_ended'),
    reason: realtimeEndReasonSchema,
    message: z.string(),
  }),
  z.object({
    type: z.literal('error'),
    code: errorCodeSchema,
    message: z.string(),
    clientId: z.string().optional(),
    /** A limit's refusal (`rate_limit:*`): when to try again, as HTTP's Retry-After says it. */
    retryAfterSeconds: z.number().int().positive().optional(),
  }),
]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;
