import { useId, useState, type FormEvent } from 'react';
import { ORGANISATIONS_PAGE_TEXT as T } from '#shared/text';
import { Alert } from '../../../components/Alert';
import { Dialog } from '../../../components/Dialog';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api';

/** A new name for an organisation or a cohort, in a dialog: Enter saves, Escape cancels. */
export function RenameDialog({
  title,
  current,
  onSave,
  onClose,
}: {
  title: string;
  current: string;
  /** Rejects with the server's error, which is shown under the field. */
  onSave: (name: string) => Promise<void>;
  onClose: () => void;
}) {
  const id = useId();
  const [name, setName] = useState(current);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await onSave(name);
    } catch (cause) {
      setError(errorMessage(cause));
      setBusy(false);
    }
  };

  return (
    <Dialog labelledBy={`${id}-title`} onClose={busy ? undefined : onClose} className="org-dialog">
      <form className="org-dialog__body" onSubmit={submit}>
        <h2 id={`${id}-title`} className="org-dialog__title">
          {title}
        </h2>
        <div className="field">
          <label htmlFor={`${id}-name`}>{T.newName}</label>
          <input
            id={`${id}-name`}
            className="input"
            value={name}
            maxLength={200}
            required
            data-autofocus
            aria-invalid={error !== null || undefined}
            aria-describedby={error !== null ? `${id}-error` : undefined}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        {error !== null ? <Alert id={`${id}-error`}>{error}</Alert> : null}
        <div className="org-actions org-dialog__actions">
          <button
            type="button"
            className="button button--secondary"
            onClick={onClose}
            disabled={busy}
          >
            {T.cancel}
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? <Spinner /> : null}
            {T.save}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
