import type { ReactNode } from 'react';
import { VOICE_TEXT } from '#shared/text';
import { Alert } from '../../../components/Alert';
import { Spinner } from '../../../components/Spinner';

/** Shown until the conversation's socket has sent its history. */
export function ConnectingHint({ shown }: { shown: boolean }) {
  if (!shown) return null;
  return (
    <p className="voice__hint">
      <Spinner /> {VOICE_TEXT.dialog.connecting}
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
          {VOICE_TEXT.dialog.retryAudio}
        </button>
      ) : null}
      {children}
    </div>
  );
}
