import { useCallback, useState } from 'react';
import { CONVERSATION_TEXT } from '#shared/text';
import { errorMessage } from '../../../lib/api';
import { getHint } from '../api/getHint';

export type HintState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'shown'; text: string; tone: 'hint' | 'error' };

/** 'Get hint': one hint at a time, its failure shown in the same place as a hint would be. */
export function useHint(conversationId: string | null) {
  const [hint, setHint] = useState<HintState>({ status: 'idle' });

  const ask = async () => {
    if (conversationId === null || hint.status === 'loading') return;
    setHint({ status: 'loading' });
    try {
      setHint({ status: 'shown', text: await getHint(conversationId), tone: 'hint' });
    } catch (error) {
      setHint({
        status: 'shown',
        text: errorMessage(error, CONVERSATION_TEXT.hintFailed),
        tone: 'error',
      });
    }
  };

  const dismiss = useCallback(() => setHint({ status: 'idle' }), []);

  /** A new message makes a failed hint's message stale; a real hint stays up. */
  const clearError = useCallback(
    () => setHint((h) => (h.status === 'shown' && h.tone === 'error' ? { status: 'idle' } : h)),
    [],
  );

  return { hint, ask, dismiss, clearError };
}
