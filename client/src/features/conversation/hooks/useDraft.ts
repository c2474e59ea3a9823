import { useCallback, useEffect, useState } from 'react';

const KEY_PREFIX = 'chairtalk:draft:';

function read(key: string | null): string {
  if (key === null) return '';
  try {
    return sessionStorage.getItem(key) ?? '';
  } catch {
    return '';
  }
}

/**
 * The unsent text of a conversation survives a reload or an accidental Back: it lives in this
 * tab's sessionStorage under the session id, and is cleared once sent.
 */
export function useDraft(
  conversationId: string | null,
): [string, (text: string | ((current: string) => string)) => void] {
  const key = conversationId === null ? null : `${KEY_PREFIX}${conversationId}`;
  const [state, setState] = useState(() => ({ key, text: read(key) }));

  // A different session takes its own draft (adjusting state during render, as React advises).
  if (state.key !== key) setState({ key, text: read(key) });

  useEffect(() => {
    if (state.key === null) return;
    try {
      if (state.text === '') sessionStorage.removeItem(state.key);
      else sessionStorage.setItem(state.key, state.text);
    } catch {
      // Private mode or a full quota: the draft simply is not kept.
    }
  }, [state]);

  const setText = useCallback(
    (text: string | ((current: string) => string)) =>
      setState((s) => ({ ...s, text: typeof text === 'function' ? text(s.text) : text })),
    [],
  );
  return [state.key === key ? state.text : read(key), setText];
}
