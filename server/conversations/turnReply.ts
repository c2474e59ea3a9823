import type { Message } from '#shared/conversation';
import type { Recording } from '../audio/recording';
import type { RunningTurn } from './bargeIn';
import { speakTo, type ConversationContext, type SpeechPipeline } from './conversationContext';
import type { EarlyReply } from './earlyReply';
import { runTurn } from './runTurn';

export interface TurnRequest {
  clientId: string;
  text: string;
  source: Message['source'];
  stream: boolean;
  /** Speak the reply aloud as it streams (when the server has a speaker). */
  speak: boolean;
  /** A reply already started on the words heard before the final transcript. */
  early?: Promise<EarlyReply | null>;
  /** The clinician's spoken audio, kept with their stored message for replay. */
  recording?: Recording | null;
}

/**
 * Answers one turn, typed or spoken: runTurn, with the reply spoken sentence by sentence as it
 * streams when asked. Returns the reply when it was stored whole and spoken (its audio may
 * still be playing, so a barge-in can still cut it), otherwise null.
 */
export async function replyToTurn(
  context: ConversationContext,
  turn: RunningTurn,
  request: TurnRequest,
): Promise<Message | null> {
  const scenario = await context.scenario();
  if (!scenario) {
    context.sendError('not_found:scenario');
    return null;
  }
  const { speaker } = context.services.ai;
  const signal = turn.controller.signal;
  let pipeline: SpeechPipeline | null = null;
  let storedTurn: Message | null = null;
  const result = await runTurn(
    context.services,
    {
      userId: context.userId,
      conversationId: context.conversationId,
      scenario,
      language: context.language,
      clientId: request.clientId,
      text: request.text,
      source: request.source,
      stream: request.stream,
      ...(request.early ? { early: request.early } : {}),
      known: context.known,
    },
    signal,
    {
      send: context.send,
      heardChars: () => turn.heardChars,
      onTurnStored(message) {
        storedTurn = message;
      },
      onReplyStart(replyId) {
        if (!request.speak || !speaker) return;
        pipeline = speakTo(context, {
          speaker,
          scenario,
          replyId,
          signal,
          clientId: request.clientId,
        });
      },
      onDelta: (delta) => pipeline?.push(delta),
    },
  );
  const spoken = pipeline as SpeechPipeline | null;
  if (spoken) await spoken.finish();
  // Not awaited: the turn is over for the clinician, who may start the next one at once.
  void keepAudio(context, {
    turn: storedTurn,
    recording: request.recording ?? null,
    reply: 'reply' in result ? result.reply : null,
    speech: spoken,
  });
  if (!spoken) return null;
  return result.outcome === 'replied' ? result.reply : null;
}

/**
 * Keeps the turn's audio for replay: the clinician's utterance with their message, the speech
 * sent with the patient's reply (all of it, when a barge-in cut the stored text short). Done
 * after the reply, so it never delays the patient's first words; it never throws.
 */
async function keepAudio(
  context: ConversationContext,
  input: {
    turn: Message | null;
    recording: Recording | null;
    reply: Message | null;
    speech: SpeechPipeline | null;
  },
) {
  const { audio } = context.services;
  if (!audio.enabled) return;
  await audio.keepAll([
    ...(input.turn ? [{ messageId: input.turn.id, recording: input.recording }] : []),
    ...(input.reply && input.speech
      ? [{ messageId: input.reply.id, recording: input.speech.recording() }]
      : []),
  ]);
}
