import { ACCOUNT_TEXT as T } from '#shared/text';
import { Alert } from '../../../components/Alert';
import { Spinner } from '../../../components/Spinner';
import { signOutEverywhere } from '../api/accountCalls';
import { useAction } from '../useAction';

/** Ends every session of the account, this one too, after a confirmation. */
export function SessionsSection({ onSignedOut }: { onSignedOut: () => void }) {
  const action = useAction();
  const signOut = () => {
    if (!window.confirm(T.signOutEverywhereConfirm)) return;
    void action.run(async () => {
      await signOutEverywhere();
      onSignedOut();
      return null;
    });
  };
  return (
    <section className="account-section" aria-labelledby="account-sessions">
      <h2 id="account-sessions">{T.sessionsTitle}</h2>
      <p>{T.sessionsIntro}</p>
      {action.error ? <Alert>{action.error}</Alert> : null}
      <div>
        <button
          type="button"
          className="button button--secondary"
          onClick={signOut}
          disabled={action.busy}
        >
          {action.busy ? <Spinner /> : null}
          {T.signOutEverywhere}
        </button>
      </div>
    </section>
  );
}
