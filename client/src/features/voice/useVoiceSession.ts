import { useEffect, useState, useSyncExternalStore } from 'react';
import type { ConversationChannel } from '../../lib/conversationChannel';
import { VoiceSession } from './voiceSession';

/** One voice session for as long as the modal is open; closing it releases everything. */
export function useVoiceSession(channel: ConversationChannel) {
  const [session] = useState(() => new VoiceSession(channel));
  useEffect(() => {
    session.attach();
    return () => session.dispose();
  }, [session]);
  const snapshot = useSyncExternalStore(session.subscribe, session.getSnapshot);
  return { session, snapshot };
}
