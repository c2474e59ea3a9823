import type { ReactNode } from 'react';
import { Alert } from '../../../components/Alert';
import { Spinner } from '../../../components/Spinner';

/** Shown until the conversation's socket has sent its history. */
export function ConnectingHint({ shown }: { shown: boolean }) {
  if (!shown) return null;
  return (
    <p className="voice__hint">
      <Spinner /> Connecting to the conversation…
    </p>
  );
}

interface VoiceErrorProps {
  error: string | null;
  /** Playback was blocked by the browser: one click lets sound through. */
  canRetryAudio: boolean;
  onRetryAudio: () => void;
  /** What else the user can do about it (another engine, say). */
  children?: ReactNode;
}

/** An engine's error, with Retry Audio when the browser blocked sound. */
export function VoiceError({ error, canRetryAudio, onRetryAudio, children }: VoiceErrorProps) {
  if (!error) return null;
  return (
    <div className="voice__error">
      <Alert>{error}</Alert>
      {canRetryAudio ? (
        <button type="button" className="button button--ghost button--sm" onClick={onRetryAudio}>
          Retry Audio
        </button>
      ) : null}
      {children}
    </div>
  );
}
