import type { ConversationContext } from './conversationContext';
import type { UtteranceTranscript } from './streamedUtterance';

/**
 * Dictation: a streamed utterance whose words go back to the composer and nothing more. The
 * clinician edits them and sends them as a typed turn, so nothing is stored or answered here.
 */
export async function runDictation(
  context: ConversationContext,
  clientId: string,
  transcript: Promise<UtteranceTranscript>,
  signal: AbortSignal,
): Promise<void> {
  const heard = await transcript;
  // Aborted (the socket closed, the server shut down): there is no one to tell.
  if (signal.aborted) return;
  if (heard.kind === 'text') {
    context.send({ type: 'transcript', clientId, text: heard.text });
  } else if (heard.kind === 'empty') {
    context.sendError('unprocessable:nothing_heard', undefined, clientId);
  } else {
    context.sendError('unavailable:transcription', undefined, clientId);
  }
}
