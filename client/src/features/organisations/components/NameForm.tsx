import { useId, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/Alert';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api';

/** One name and a button: creating an organisation or a cohort. */
export function NameForm({
  label,
  submitLabel,
  onSubmit,
}: {
  label: string;
  submitLabel: string;
  /** Rejects with the server's error, which is shown under the field. */
  onSubmit: (name: string) => Promise<void>;
}) {
  const id = useId();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setError(null);
    setBusy(true);
    try {
      await onSubmit(name);
      setName('');
    } catch (cause) {
      setError(errorMessage(cause));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="org-inline-form" onSubmit={submit}>
      <div className="field">
        <label htmlFor={`${id}-name`}>{label}</label>
        <input
          id={`${id}-name`}
          className="input"
          value={name}
          maxLength={200}
          required
          aria-invalid={error !== null || undefined}
          aria-describedby={error !== null ? `${id}-error` : undefined}
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <button type="submit" className="button button--primary button--sm" disabled={busy}>
        {busy ? <Spinner /> : null}
        {submitLabel}
      </button>
      {error !== null ? (
        <div className="org-inline-form__error">
          <Alert id={`${id}-error`}>{error}</Alert>
        </div>
      ) : null}
    </form>
  );
}
