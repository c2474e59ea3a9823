import { useState } from 'react';
import type { EndedConversation } from '#shared/api/conversations';
import { endConversation, endErrorMessage } from '../api/endConversation';

/** 'End conversation & get feedback': ends the session on the server and hands back its report. */
export function useEndConversation(options: {
  conversationId: string | null;
  onEnded: (ended: EndedConversation) => void;
}) {
  const { conversationId, onEnded } = options;
  const [ending, setEnding] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const end = async () => {
    if (conversationId === null) return;
    setEnding(true);
    setError(null);
    try {
      const ended = await endConversation(conversationId);
      setEnding(false);
      onEnded(ended);
    } catch (error) {
      setEnding(false);
      setError(endErrorMessage(error));
    }
  };

  return { ending, error, end };
}
