import { useState } from 'react';
import type { EndedConversation } from '../../../../../shared/api/conversations';
import { endConversation, endErrorMessage } from '../api/endConversation';

/** 'End conversation & get feedback': ends the session on the server and hands back its report. */
export function useEndConversation(options: {
  sessionId: string | null;
  onEnded: (ended: EndedConversation) => void;
}) {
  const { sessionId, onEnded } = options;
  const [ending, setEnding] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const end = async () => {
    if (sessionId === null) return;
    setEnding(true);
    setError(null);
    try {
      const ended = await endConversation(sessionId);
      setEnding(false);
      onEnded(ended);
    } catch (error) {
      setEnding(false);
      setError(endErrorMessage(error));
    }
  };

  return { ending, error, end };
}
