import type { Message } from '../../shared/conversation';
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
  const result = await runTurn(
    context.services,
    {
      sessionId: context.sessionId,
      scenario,
      clientId: request.clientId,
      text: request.text,
      source: request.source,
      stream: request.stream,
      ...(request.early ? { early: request.early } : {}),
    },
    signal,
    {
      send: context.send,
      heardChars: () => turn.heardChars,
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
  if (!spoken) return null;
  await spoken.finish();
  return result.outcome === 'replied' ? result.reply : null;
}
