import { z } from 'zod';
import { realtimeEndReasonSchema, serverMessageSchema } from '#shared/protocol';

/**
 * What instances of one deployment tell each other over PostgreSQL NOTIFY (decision 037). Kept
 * here rather than in shared/: no browser ever sees these, only other instances of this build.
 * Every payload is parsed on arrival, so a malformed one is dropped, never acted on.
 */

/** The one channel every instance LISTENs on. */
export const CLUSTER_CHANNEL = 'chairtalk_cluster';

/**
 * PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; this leaves room for the envelope.
 * A message larger than this on its own is sent in a smaller form or not at all (see bus.ts).
 */
export const MAX_PAYLOAD_BYTES = 7_600;

const id = z.string().min(1).max(64);

/** What a user has running on an instance, counted for a per-user cap (clusterCount.ts). */
export const countKindSchema = z.enum(['turns', 'streams', 'sockets', 'calls']);
export type CountKind = z.infer<typeof countKindSchema>;

export const clusterMessageSchema = z.discriminatedUnion('type', [
  /** An instance started or its listener reconnected: the others answer with their state. */
  z.strictObject({ type: z.literal('hello') }),
  /** The heartbeat: an instance not heard from for a while is taken as gone. */
  z.strictObject({ type: z.literal('alive') }),
  /** The sender is shutting down: forget what it holds now rather than when it goes quiet. */
  z.strictObject({ type: z.literal('bye') }),
  /**
   * A user's count of `kind` on the sending instance is now `n` (absolute, so a lost one is
   * healed by the next). `reset`: the sender's whole state follows, forget what it said before.
   */
  z.strictObject({
    type: z.literal('counts'),
    kind: countKindSchema,
    reset: z.boolean(),
    counts: z.array(z.tuple([id, z.number().int().min(0)])),
  }),
  /** The conversation ended (feedback stored): its sockets everywhere close. */
  z.strictObject({ type: z.literal('conversation_ended'), conversationId: id }),
  /** The sender holds the conversation's Realtime call (its sideband), started or standing by. */
  z.strictObject({
    type: z.literal('realtime_call'),
    conversationId: id,
    userId: id,
    callId: id,
    begun: z.boolean(),
  }),
  /** The sender's call is over and has stored what it owed. */
  z.strictObject({ type: z.literal('realtime_call_ended'), conversationId: id, callId: id }),
  /** For whichever instance holds the conversation's call: what the page asked another for. */
  z.strictObject({
    type: z.literal('realtime_command'),
    conversationId: id,
    command: z.enum(['hang_up', 'begin', 'stop_audio']),
    reason: realtimeEndReasonSchema.optional(),
    standbyOnly: z.boolean().optional(),
  }),
  /** The sender has `sockets` sockets of the conversation open: they want its call's frames. */
  z.strictObject({
    type: z.literal('realtime_watch'),
    conversationId: id,
    sockets: z.number().int().min(0),
  }),
  /** A frame of a call, for the conversation's sockets on other instances. */
  z.strictObject({
    type: z.literal('realtime_frame'),
    conversationId: id,
    message: serverMessageSchema,
  }),
  /**
   * A stored message of a call too large for a payload: the receiver reads it from the database
   * and sends it as `frame` (message_stored or reply_revised).
   */
  z.strictObject({
    type: z.literal('realtime_stored'),
    conversationId: id,
    messageId: id,
    frame: z.enum(['message_stored', 'reply_revised']),
  }),
  /** A user's scenarios changed (null: anyone's may have): their kept stamp is stale. */
  z.strictObject({ type: z.literal('scenarios_changed'), userId: id.nullable() }),
]);
export type ClusterMessage = z.infer<typeof clusterMessageSchema>;
export type ClusterMessageOf<T extends ClusterMessage['type']> = Extract<
  ClusterMessage,
  { type: T }
>;

/** One NOTIFY: the sender and what it had to say since its last one, in order. */
export const envelopeSchema = z.strictObject({
  from: id,
  messages: z.array(z.unknown()).min(1),
});
