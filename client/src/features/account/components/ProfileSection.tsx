import { useState, type FormEvent } from 'react';
import { renameInput, type Account } from '#shared/api/account';
import { ACCOUNT_TEXT as T } from '#shared/text';
import { Alert } from '../../../components/Alert';
import { Spinner } from '../../../components/Spinner';
import { rename } from '../api/accountCalls';
import { formErrors } from '../../../lib/formErrors';
import { useAction } from '../useAction';
import { Field } from './Field';

/** The name trainers and reviews show. */
export function ProfileSection({
  account,
  onSaved,
}: {
  account: Account;
  onSaved: (account: Account) => void;
}) {
  const [fullName, setFullName] = useState(account.fullName);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const action = useAction();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = formErrors(renameInput, { fullName });
    setFieldError(checked.errors?.fullName);
    if (checked.data === null) return;
    const input = checked.data;
    void action.run(async () => {
      onSaved(await rename(input));
      return T.nameSaved;
    });
  };

  return (
    <section className="account-section" aria-labelledby="account-profile">
      <h2 id="account-profile">{T.profileTitle}</h2>
      <form className="account-form" onSubmit={submit} noValidate aria-busy={action.busy}>
        <Field
          label={T.nameLabel}
          name="fullName"
          autoComplete="name"
          value={fullName}
          onChange={(value) => {
            setFullName(value);
            setFieldError(undefined);
          }}
          error={fieldError}
        />
        {action.error ? <Alert>{action.error}</Alert> : null}
        {action.done ? <Alert tone="info">{action.done}</Alert> : null}
        <button type="submit" className="button button--primary" disabled={action.busy}>
          {action.busy ? <Spinner /> : null}
          {T.saveName}
        </button>
      </form>
    </section>
  );
}
