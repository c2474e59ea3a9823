import { useEffect, useId, useState, type FormEvent } from 'react';
import { INVITE_DAYS_DEFAULT, INVITE_DAYS_MAX } from '#shared/api/organisations';
import { formatClockTime, formatShortDate } from '#shared/format';
import { Alert } from '../../../components/Alert';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api';
import { createInvite } from '../api/createInvite';
import { revokeInvite } from '../api/revokeInvite';
import { inviteDays, inviteLink, inviteState, type Invite } from '../cohortTable';
import { EmailInviteForm } from './EmailInviteForm';
import { ORGANISATIONS_PAGE_TEXT as T } from '#shared/text';

/** A cohort's invites (link, code, expiry, copy, revoke) and a form for a new one. */
export function Invites({
  cohortId,
  invites,
  onChanged,
}: {
  cohortId: string;
  invites: readonly Invite[];
  onChanged: () => Promise<void>;
}) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  // Newest first: the one just made is the one the trainer wants to copy.
  const ordered = [...invites].sort((a, b) => Date.parse(b.expiresAt) - Date.parse(a.expiresAt));

  return (
    <section className="org-invites" aria-labelledby={`${id}-title`}>
      <h5 id={`${id}-title`} className="org-subtitle">
        {T.invites}
      </h5>
      {ordered.length === 0 ? (
        <p className="muted">{T.noInvites}</p>
      ) : (
        <ul className="org-invite-list">
          {ordered.map((invite) => (
            <InviteItem
              key={invite.id}
              invite={invite}
              onRevoke={async () => {
                setError(null);
                try {
                  await revokeInvite(invite.id);
                  await onChanged();
                } catch (cause) {
                  setError(errorMessage(cause));
                }
              }}
            />
          ))}
        </ul>
      )}
      {error !== null ? <Alert>{error}</Alert> : null}
      <NewInviteForm cohortId={cohortId} onCreated={onChanged} />
    </section>
  );
}

function InviteItem({ invite, onRevoke }: { invite: Invite; onRevoke: () => Promise<void> }) {
  const id = useId();
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const [revoking, setRevoking] = useState(false);
  const state = inviteState(invite, new Date());
  const link = inviteLink(window.location.origin, invite.code);

  useEffect(() => {
    if (copy !== 'copied') return;
    const timer = window.setTimeout(() => setCopy('idle'), 4000);
    return () => window.clearTimeout(timer);
  }, [copy]);

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopy('copied');
    } catch {
      // No clipboard (an insecure origin, a denied permission): the link stays selectable.
      setCopy('failed');
      document.getElementById(`${id}-link`)?.focus();
    }
  };

  return (
    <li className={`org-invite org-invite--${state}`}>
      <div className="field">
        <label htmlFor={`${id}-link`}>{T.inviteLink}</label>
        <input
          id={`${id}-link`}
          className="input org-invite__link"
          value={link}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
        />
      </div>
      <p className="org-invite__meta">
        <span>
          {T.inviteCode}: <code className="org-invite__code">{invite.code}</code>
        </span>
        <InviteStatus invite={invite} state={state} />
      </p>
      {state === 'active' ? (
        <div className="org-actions">
          <button type="button" className="button button--secondary button--sm" onClick={copyLink}>
            {T.copyLink}
          </button>
          <EmailInviteForm inviteId={invite.id} code={invite.code} />
          <button
            type="button"
            className="button button--ghost button--sm"
            disabled={revoking}
            onClick={async () => {
              setRevoking(true);
              await onRevoke();
              setRevoking(false);
            }}
          >
            {revoking ? <Spinner /> : null}
            {T.revoke}
            <span className="visually-hidden"> {invite.code}</span>
          </button>
        </div>
      ) : null}
      <p className="org-invite__copied" role="status">
        {copy === 'copied' ? T.copied : copy === 'failed' ? T.copyFailed : ''}
      </p>
    </li>
  );
}

function InviteStatus({
  invite,
  state,
}: {
  invite: Invite;
  state: ReturnType<typeof inviteState>;
}) {
  if (state === 'revoked') return <span className="badge badge--grey">{T.revoked}</span>;
  const when = `${formatShortDate(invite.expiresAt)}, ${formatClockTime(invite.expiresAt)}`;
  if (state === 'expired')
    return (
      <span className="badge badge--red">
        {T.expired} <time dateTime={invite.expiresAt}>{when}</time>
      </span>
    );
  return (
    <span>
      {T.expires} <time dateTime={invite.expiresAt}>{when}</time>
    </span>
  );
}

function NewInviteForm({
  cohortId,
  onCreated,
}: {
  cohortId: string;
  onCreated: () => Promise<void>;
}) {
  const id = useId();
  const [days, setDays] = useState(String(INVITE_DAYS_DEFAULT));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const parsed = inviteDays(days, INVITE_DAYS_MAX);
    if (parsed === null) {
      setError(T.daysInvalid(INVITE_DAYS_MAX));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await createInvite(cohortId, parsed);
      await onCreated();
    } catch (cause) {
      setError(errorMessage(cause));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="org-inline-form" onSubmit={submit} noValidate>
      <div className="field org-inline-form__days">
        <label htmlFor={`${id}-days`}>{T.inviteDays}</label>
        <input
          id={`${id}-days`}
          className="input"
          type="number"
          inputMode="numeric"
          min={1}
          max={INVITE_DAYS_MAX}
          value={days}
          aria-invalid={error !== null || undefined}
          aria-describedby={error !== null ? `${id}-error` : undefined}
          onChange={(event) => setDays(event.target.value)}
        />
      </div>
      <button type="submit" className="button button--primary button--sm" disabled={busy}>
        {busy ? <Spinner /> : null}
        {T.createInvite}
      </button>
      {error !== null ? (
        <p id={`${id}-error`} className="field__error org-inline-form__error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
