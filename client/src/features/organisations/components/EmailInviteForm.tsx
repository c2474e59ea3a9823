import { useId, useState, type FormEvent } from 'react';
import { INVITE_ADDRESSES_MAX } from '#shared/api/courseMail';
import { readInviteAddresses } from '#shared/inviteAddresses';
import { COURSE_MAIL_TEXT as T } from '#shared/text';
import { Alert } from '../../../components/Alert';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api';
import { emailInvite } from '../api/courseMail';

/**
 * Sends a live invite's link to addresses pasted in any list form. The page checks them as the
 * server will, so a typo is named before anything is sent.
 */
export function EmailInviteForm({ inviteId, code }: { inviteId: string; code: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setDone(null);
    const read = readInviteAddresses([text]);
    if (!read.ok) return setError(T.badAddress(read.bad));
    if (read.emails.length === 0) return setError(T.noAddresses);
    if (read.emails.length > INVITE_ADDRESSES_MAX)
      return setError(T.tooManyAddresses(INVITE_ADDRESSES_MAX));
    setBusy(true);
    setError(null);
    try {
      setDone(T.sent(await emailInvite(inviteId, read.emails)));
      setText('');
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  if (!open)
    return (
      <button
        type="button"
        className="button button--secondary button--sm"
        aria-expanded={false}
        onClick={() => setOpen(true)}
      >
        {T.emailInvite}
        <span className="visually-hidden"> {code}</span>
      </button>
    );
  return (
    <form className="org-email-invite" onSubmit={submit} noValidate aria-busy={busy}>
      <div className="field">
        <label htmlFor={`${id}-emails`}>{T.addressesLabel}</label>
        <textarea
          id={`${id}-emails`}
          className="input"
          rows={3}
          autoFocus
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
          }}
          aria-describedby={`${id}-hint`}
          aria-invalid={error !== null ? true : undefined}
        />
        <p id={`${id}-hint`} className="field__hint">
          {T.addressesHint}
        </p>
      </div>
      {error !== null ? <Alert>{error}</Alert> : null}
      {done !== null ? <Alert tone="info">{done}</Alert> : null}
      <div className="org-actions">
        <button type="submit" className="button button--primary button--sm" disabled={busy}>
          {busy ? <Spinner /> : null}
          {T.send}
        </button>
      </div>
    </form>
  );
}
