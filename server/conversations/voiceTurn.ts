import type { Message } from '#shared/conversation';
import { firstCharacters } from '#shared/inputChecks';
import { utteranceRecording } from '../audio/recording';
import type { RunningTurn } from './bargeIn';
import type { ConversationContext } from './conversationContext';
import type { EarlyReply } from './earlyReply';
import { replyToTurn } from './turnReply';
import type { UtteranceCollector } from './utteranceCollector';

/**
 * A spoken turn, as a story: the clinician's utterances (streamed in by incomingAudio.ts) are
 * collected into one turn → its words are shown → it is answered like a typed turn, on the
 * reply started early when the words heard so far made a whole thought → the reply is spoken.
 * Returns what replyToTurn returns: the reply, when it was stored whole and spoken.
 */
export async function runVoiceTurn(
  context: ConversationContext,
  turn: RunningTurn,
  heard: { collector: UtteranceCollector; early: Promise<EarlyReply | null> | null },
): Promise<Message | null> {
  const { collector, early } = heard;
  const signal = turn.controller.signal;
  try {
    const words = await collector.collect();
    if (!words || signal.aborted) return null;
    context.send({ type: 'transcript', clientId: words.clientId, text: words.text });
    const { audio, config } = context.services;
    return await replyToTurn(context, turn, {
      clientId: words.clientId,
      // A long turn is answered by its first words rather than refused after it was spoken.
      text: firstCharacters(words.text, config.limits.maxMessageChars),
      source: 'voice',
      stream: words.stream,
      speak: words.speak,
      ...(early ? { early } : {}),
      recording: audio.enabled ? utteranceRecording(collector.audio()) : null,
    });
  } finally {
    // Claimed, it has run its course; unclaimed (refused, cancelled, other words), it stops.
    void early?.then((reply) => reply?.cancel());
  }
}
