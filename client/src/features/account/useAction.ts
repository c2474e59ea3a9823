import { useState } from 'react';
import { errorMessage } from '../../lib/api';

/**
 * One form's submit: busy while the call runs (a second submit is ignored), the server's
 * sentence when it fails, and what to say when it worked.
 */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const run = async (action: () => Promise<string | null>) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      setDone(await action());
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  return { busy, error, done, run, setError };
}
