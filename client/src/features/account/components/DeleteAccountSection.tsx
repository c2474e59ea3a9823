import { useId, useState } from 'react';
import { MY_DATA_TEXT as T } from '#shared/text';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { errorMessage } from '../../../lib/api';
import { accountDeletedPath } from '../../../lib/paths';
import { deleteAccount } from '../api/myData';

/**
 * "Delete my account", confirmed with the password (decision 045), or, for an account without
 * one, by a sign-in through the school in the last ten minutes (decision 050). Afterwards the
 * whole page is loaded again at the sign-in page: nothing of the account stays in the browser's
 * memory.
 */
export function DeleteAccountSection({ hasPassword }: { hasPassword: boolean }) {
  const ids = useId();
  const [asking, setAsking] = useState(false);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = () => {
    if (hasPassword && password === '') {
      setError(T.passwordRequired);
      return;
    }
    setBusy(true);
    setError(null);
    deleteAccount(hasPassword ? password : undefined)
      .then(() => window.location.replace(accountDeletedPath))
      .catch((failure: unknown) => {
        console.error('Could not delete the account', failure);
        setError(errorMessage(failure, T.deleteAccountFailed));
        setBusy(false);
      });
  };

  return (
    <section className="account-section" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{T.deleteAccountTitle}</h2>
      <p>{T.deleteAccountBody}</p>
      <div>
        <button
          type="button"
          className="button button--danger-outline"
          onClick={() => {
            setPassword('');
            setError(null);
            setAsking(true);
          }}
        >
          {T.deleteAccountButton}
        </button>
      </div>
      {asking ? (
        <ConfirmDialog
          title={T.deleteAccountDialogTitle}
          body={T.deleteAccountDialogBody}
          confirmLabel={T.deleteAccountConfirm}
          cancelLabel={T.cancel}
          busyLabel={T.deletingAccount}
          busy={busy}
          error={error}
          onConfirm={confirm}
          onCancel={() => setAsking(false)}
        >
          {hasPassword ? (
            <div className="field">
              <label htmlFor={`${ids}-password`}>{T.deleteAccountPassword}</label>
              <input
                id={`${ids}-password`}
                type="password"
                autoComplete="current-password"
                value={password}
                disabled={busy}
                onChange={(event) => setPassword(event.target.value)}
                data-autofocus
              />
            </div>
          ) : (
            <p>{T.deleteAccountNoPassword}</p>
          )}
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
