import { useId, useState } from 'react';
import { ORGANISATIONS_PAGE_TEXT as T } from '#shared/text';
import { Alert } from '../../../components/Alert';
import { Dialog } from '../../../components/Dialog';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api';

/**
 * Asks before something that cannot be undone (decision 044): what it does in a sentence, and
 * Cancel (focused first, so Enter on a stray key press does nothing harmful) or the action.
 * Escape cancels; the dialog stays open with the server's sentence if the action fails.
 */
export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  onConfirm,
  onClose,
}: {
  title: string;
  text: string;
  confirmLabel: string;
  /** Rejects with the server's error, which is shown in the dialog. */
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    if (busy) return;
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
    <Dialog
      labelledBy={`${id}-title`}
      describedBy={`${id}-text`}
      onClose={busy ? undefined : onClose}
      className="org-dialog"
    >
      <div className="org-dialog__body">
        <h2 id={`${id}-title`} className="org-dialog__title">
          {title}
        </h2>
        <p id={`${id}-text`}>{text}</p>
        {error !== null ? <Alert>{error}</Alert> : null}
        <div className="org-actions org-dialog__actions">
          <button
            type="button"
            className="button button--secondary"
            onClick={onClose}
            disabled={busy}
            data-autofocus
          >
            {T.cancel}
          </button>
          <button
            type="button"
            className="button button--danger"
            onClick={() => void confirm()}
            disabled={busy}
          >
            {busy ? <Spinner /> : null}
            {confirmLabel}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
