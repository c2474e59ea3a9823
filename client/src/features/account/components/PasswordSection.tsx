import { useState, type FormEvent } from 'react';
import { changePasswordInput } from '#shared/api/account';
import { ACCOUNT_TEXT as T, AUTH_TEXT } from '#shared/text';
import { Alert } from '../../../components/Alert';
import { Spinner } from '../../../components/Spinner';
import { changePassword } from '../api/accountCalls';
import { formErrors } from '../../../lib/formErrors';
import { useAction } from '../useAction';
import { Field } from './Field';

/** A new password, with the current one; every other device is signed out. */
export function PasswordSection() {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const action = useAction();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = formErrors(changePasswordInput, { currentPassword, newPassword });
    setErrors(checked.errors ?? {});
    if (checked.data === null) return;
    const input = checked.data;
    void action.run(async () => {
      await changePassword(input);
      setCurrentPassword('');
      setNewPassword('');
      return T.passwordChanged;
    });
  };

  return (
    <section className="account-section" aria-labelledby="account-password">
      <h2 id="account-password">{T.passwordTitle}</h2>
      <form className="account-form" onSubmit={submit} noValidate aria-busy={action.busy}>
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
        <Field
          label={T.newPasswordLabel}
          name="newPassword"
          type="password"
          autoComplete="new-password"
          hint={AUTH_TEXT.passwordHint}
          value={newPassword}
          onChange={(value) => {
            setNewPassword(value);
            setErrors(({ newPassword: _gone, ...rest }) => rest);
          }}
          error={errors.newPassword}
        />
        {action.error ? <Alert>{action.error}</Alert> : null}
        {action.done ? <Alert tone="info">{action.done}</Alert> : null}
        <button type="submit" className="button button--primary" disabled={action.busy}>
          {action.busy ? <Spinner /> : null}
          {T.changePassword}
        </button>
      </form>
    </section>
  );
}
