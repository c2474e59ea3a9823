import { useId, type FormEvent, type ReactNode } from 'react';
import { Alert } from './Alert';
import { Dialog } from './Dialog';
import { Spinner } from './Spinner';

interface ConfirmDialogProps {
  title: string;
  body: string;
  confirmLabel: string;
  cancelLabel: string;
  /** Said (to screen readers too) while the action runs. */
  busyLabel: string;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
  /** Fields the confirmation asks for (a password), above the buttons. */
  children?: ReactNode;
}

/**
 * Asks before something that cannot be undone. Focus starts on Cancel (or on a field given
 * `data-autofocus`), so Enter on arrival never destroys anything; Escape cancels unless the
 * action is already running.
 */
export function ConfirmDialog({
  title,
  body,
  confirmLabel,
  cancelLabel,
  busyLabel,
  busy,
  error,
  onConfirm,
  onCancel,
  children,
}: ConfirmDialogProps) {
  const ids = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onConfirm();
  };
  return (
    <Dialog
      labelledBy={`${ids}-title`}
      describedBy={`${ids}-body`}
      onClose={busy ? undefined : onCancel}
      className="dialog--small confirm-dialog"
    >
      <form className="confirm-dialog__form" onSubmit={submit}>
        <h2 id={`${ids}-title`} className="confirm-dialog__title">
          {title}
        </h2>
        <p id={`${ids}-body`}>{body}</p>
        {children}
        {error !== null ? <Alert>{error}</Alert> : null}
        <div className="confirm-dialog__actions">
          <button
            type="button"
            className="button button--secondary"
            onClick={onCancel}
            disabled={busy}
            data-autofocus
          >
            {cancelLabel}
          </button>
          <button type="submit" className="button button--danger" disabled={busy} aria-busy={busy}>
            {busy ? <Spinner label={busyLabel} /> : null}
            {confirmLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
