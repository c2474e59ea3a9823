import { uuidSchema } from '#shared/inputChecks';
import { getMessageInConversation } from '../db/messages';
import type { BackgroundWork } from './backgroundWork';
import { speakTo, type ConversationContext } from './conversationContext';

/** Reading a stored patient message aloud with the server's voice, one message at a time. */
export function createReadAloud(context: ConversationContext, work: BackgroundWork) {
  let reading: AbortController | null = null;

  return {
    async read(messageId: string): Promise<void> {
      const { db, ai } = context.services;
      const { speaker } = ai;
      if (!speaker) return context.sendError('unavailable:server_speech');
      const id = uuidSchema.safeParse(messageId);
      const message = id.success
        ? await getMessageInConversation(db, {
            conversationId: context.conversationId,
            id: id.data,
          })
        : null;
      if (!message || message.role !== 'assistant') return context.sendError('not_found:message');
      reading?.abort();
      const controller = new AbortController();
      reading = controller;
      const release = work.abortOnShutdown(controller);
      try {
        const pipeline = speakTo(context, {
          speaker,
          scenario: await context.scenario(),
          replyId: message.id,
          signal: controller.signal,
        });
        pipeline.push(message.content);
        await pipeline.finish();
        // A message read aloud whole (the opening line, say) can be replayed like a reply.
        if (pipeline.whole) await context.services.audio.keep(message.id, pipeline.recording());
      } finally {
        release();
        if (reading === controller) reading = null;
      }
    },

    stop() {
      reading?.abort();
    },
  };
}
