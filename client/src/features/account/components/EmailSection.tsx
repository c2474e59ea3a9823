import { useState, type FormEvent } from 'react';
import { changeEmailInput, type Account } from '#shared/api/account';
import { ACCOUNT_TEXT as T } from '#shared/text';
import { Alert } from '../../../components/Alert';
import { Badge } from '../../../components/Badge';
import { Spinner } from '../../../components/Spinner';
import { changeEmail } from '../api/accountCalls';
import { formErrors } from '../../../lib/formErrors';
import { useAction } from '../useAction';
import { Field } from './Field';
import { ResendLinkButton } from './ResendLinkButton';

/**
 * The address: whether it is confirmed, a new one waiting for its link, and changing it (with
 * the current password; the address changes only when the link mailed to it is opened).
 */
export function EmailSection({ account, onChanged }: { account: Account; onChanged: () => void }) {
  const [email, setEmail] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = useAction();
  const waitingFor = account.pendingEmail ?? (account.emailVerified ? null : account.email);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = formErrors(changeEmailInput, { email, currentPassword });
    setErrors(checked.errors ?? {});
    if (checked.data === null) return;
    const input = checked.data;
    void change.run(async () => {
      const sent = await changeEmail(input);
      setEmail('');
      setCurrentPassword('');
      onChanged();
      return T.changeRequested(sent.email, sent.hours);
    });
  };

  return (
    <section className="account-section" aria-labelledby="account-email">
      <h2 id="account-email">{T.emailTitle}</h2>
      <p className="account-email">
        <span className="account-email__address">{account.email}</span>{' '}
        {account.emailVerified ? (
          <Badge colour="green">{T.verified}</Badge>
        ) : (
          <Badge colour="yellow">{T.unverified}</Badge>
        )}
      </p>
      {waitingFor !== null ? (
        <div className="account-pending">
          <p>
            {account.pendingEmail !== null
              ? T.pendingEmail(account.pendingEmail)
              : T.unverifiedNote(account.email)}
          </p>
          <ResendLinkButton />
        </div>
      ) : null}
      {/* A new address is confirmed by the current password: an account without one (decision
          050) gets one first, through the section on how it signs in. */}
      {account.hasPassword ? (
        <form className="account-form" onSubmit={submit} noValidate aria-busy={change.busy}>
          <Field
            label={T.newEmailLabel}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            value={email}
            onChange={(value) => {
              setEmail(value);
              setErrors(({ email: _gone, ...rest }) => rest);
            }}
            error={errors.email}
          />
          <Field
            label={T.currentPasswordLabel}
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            value={currentPassword}
            onChange={(value) => {
              setCurrentPassword(value);
              setErrors(({ currentPassword: _gone, ...rest }) => rest);
            }}
            error={errors.currentPassword}
          />
          {change.error ? <Alert>{change.error}</Alert> : null}
          {change.done ? <Alert tone="info">{change.done}</Alert> : null}
          <button type="submit" className="button button--primary" disabled={change.busy}>
            {change.busy ? <Spinner /> : null}
            {T.changeEmail}
          </button>
        </form>
      ) : null}
    </section>
  );
}
