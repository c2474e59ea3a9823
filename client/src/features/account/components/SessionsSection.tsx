import { useState } from 'react';
import { ACCOUNT_TEXT as T } from '#shared/text';
import { ConfirmAction } from '../../../components/ConfirmAction';
import { signOutEverywhere } from '../api/accountCalls';

/** Ends every session of the account, this one too, after a confirmation. */
export function SessionsSection({ onSignedOut }: { onSignedOut: () => void }) {
  const [asking, setAsking] = useState(false);
  return (
    <section className="account-section" aria-labelledby="account-sessions">
      <h2 id="account-sessions">{T.sessionsTitle}</h2>
      <p>{T.sessionsIntro}</p>
      <div>
        <button type="button" className="button button--secondary" onClick={() => setAsking(true)}>
          {T.signOutEverywhere}
        </button>
      </div>
      {asking ? (
        <ConfirmAction
          title={T.signOutEverywhereTitle}
          body={T.signOutEverywhereConfirm}
          confirmLabel={T.signOutEverywhere}
          onClose={() => setAsking(false)}
          onConfirm={async () => {
            await signOutEverywhere();
            onSignedOut();
          }}
        />
      ) : null}
    </section>
  );
}
