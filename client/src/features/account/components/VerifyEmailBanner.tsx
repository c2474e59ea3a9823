import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { Account } from '#shared/api/account';
import { ACCOUNT_TEXT as T } from '#shared/text';
import { Alert } from '../../../components/Alert';
import { Spinner } from '../../../components/Spinner';
import { paths } from '../../../lib/paths';
import { resendVerification } from '../api/accountCalls';
import { getAccount } from '../api/getAccount';
import { useAction } from '../useAction';

/**
 * A reminder above the dashboard while the account's address is not confirmed. Quiet when the
 * account cannot be read: the account page says what went wrong.
 */
export function VerifyEmailBanner({ userId }: { userId: string }) {
  const [account, setAccount] = useState<Account | null>(null);
  const resend = useAction();
  useEffect(() => {
    let live = true;
    getAccount().then(
      (read) => live && setAccount(read),
      (error: unknown) => console.error('Could not read the account', error),
    );
    return () => {
      live = false;
    };
  }, [userId]);

  if (account === null || account.emailVerified) return null;
  return (
    <section className="account-banner" aria-label={T.verifyTitle}>
      <p>
        {T.bannerText(account.email)} <Link href={paths.account}>{T.goToAccount}</Link>
      </p>
      <button
        type="button"
        className="button button--secondary button--sm"
        disabled={resend.busy}
        onClick={() =>
          void resend.run(async () => {
            const sent = await resendVerification();
            return T.sentAgain(sent.email, sent.hours);
          })
        }
      >
        {resend.busy ? <Spinner /> : null}
        {T.sendAgain}
      </button>
      {resend.error ? <Alert>{resend.error}</Alert> : null}
      {resend.done ? <Alert tone="info">{resend.done}</Alert> : null}
    </section>
  );
}
