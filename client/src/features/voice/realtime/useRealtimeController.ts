import { useEffect, useState, useSyncExternalStore } from 'react';
import type { ConversationChannel } from '../../../lib/conversationChannel';
import { RealtimeController } from './realtimeController';

/** The Realtime engine for as long as Voice Mode is open; closing it hangs up. */
export function useRealtimeController(channel: ConversationChannel, conversationId: string | null) {
  const [session] = useState(() => new RealtimeController(channel, conversationId));
  useEffect(() => {
    session.attach();
    return () => session.dispose();
  }, [session]);
  useEffect(() => session.setConversationId(conversationId), [session, conversationId]);
  const snapshot = useSyncExternalStore(session.subscribe, session.getSnapshot);
  return { session, snapshot };
}
