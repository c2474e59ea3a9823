import type { Account } from '#shared/api/account';
import { SSO_TEXT } from '#shared/text';
import { Alert } from '../../../components/Alert';
import { Spinner } from '../../../components/Spinner';
import { requestPasswordLink } from '../api/accountCalls';
import { useAction } from '../useAction';

/**
 * How the account signs in (decision 050): the school sign-ins linked to it, and for an account
 * made through one, no current password to ask for. It may get a password through a link by
 * mail (the reset link, which proves the address), unless an organisation of theirs forbids it.
 */
export function SignInSection({ account }: { account: Account }) {
  const action = useAction();
  // Those of a provider configured here are listed, with Unlink, by SchoolSignInSection; this
  // lists only those left from a provider no longer configured.
  const others = account.linkedSignIns.filter(
    (linked) => !account.schoolSignIns.some((p) => p.linked && p.label === linked.label),
  );
  if (account.hasPassword && others.length === 0) return null;

  const sendLink = () =>
    void action.run(async () => {
      const minutes = await requestPasswordLink(account.email);
      return SSO_TEXT.passwordLinkSent(minutes);
    });

  return (
    <section className="account-section" aria-labelledby="account-sign-in">
      <h2 id="account-sign-in">{SSO_TEXT.linkedTitle}</h2>
      {others.length > 0 ? (
        <ul className="account-sign-ins">
          {others.map((linked) => (
            <li key={`${linked.label}-${linked.linkedAt}`}>{SSO_TEXT.linkedWith(linked.label)}</li>
          ))}
        </ul>
      ) : null}
      {account.hasPassword ? null : account.passwordSignIn ? (
        <>
          <p>{SSO_TEXT.noPassword}</p>
          {action.error ? <Alert>{action.error}</Alert> : null}
          {action.done ? <Alert tone="info">{action.done}</Alert> : null}
          <button
            type="button"
            className="button button--secondary"
            onClick={sendLink}
            disabled={action.busy}
          >
            {action.busy ? <Spinner /> : null}
            {SSO_TEXT.sendPasswordLink}
          </button>
        </>
      ) : (
        <p>{SSO_TEXT.passwordsOffForYou}</p>
      )}
    </section>
  );
}
