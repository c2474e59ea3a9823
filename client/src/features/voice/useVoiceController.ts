import { useEffect, useState, useSyncExternalStore } from 'react';
import type { ConversationChannel } from '../../lib/conversationChannel';
import { VoiceController } from './voiceController';

/** One voice session for as long as the modal is open; closing it releases everything. */
export function useVoiceController(channel: ConversationChannel) {
  const [session] = useState(() => new VoiceController(channel));
  useEffect(() => {
    session.attach();
    return () => session.dispose();
  }, [session]);
  const snapshot = useSyncExternalStore(session.subscribe, session.getSnapshot);
  return { session, snapshot };
}
