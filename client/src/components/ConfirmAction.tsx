import { useState } from 'react';
import { COMMON_TEXT } from '#shared/text';
import { errorMessage } from '../lib/api';
import { ConfirmDialog } from './ConfirmDialog';

/**
 * ConfirmDialog for an action that is one request: it shows the spinner while the request
 * runs and, if it fails, the server's sentence in the dialog, which stays open to try again.
 * In place of `window.confirm`, which stops the page, cannot be styled or translated, and is
 * out of reach of the page's keyboard and screen-reader conventions.
 */
export function ConfirmAction({
  title,
  body,
  confirmLabel,
  onConfirm,
  onClose,
}: {
  title: string;
  body: string;
  confirmLabel: string;
  /** Rejects with the server's error, which is shown in the dialog. */
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
    } catch (cause) {
      setError(errorMessage(cause));
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      title={title}
      body={body}
      confirmLabel={confirmLabel}
      cancelLabel={COMMON_TEXT.cancel}
      busyLabel={COMMON_TEXT.working}
      busy={busy}
      error={error}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}
