import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { Account } from '#shared/api/account';
import { ACCOUNT_TEXT as T } from '#shared/text';
import { paths } from '../../../lib/paths';
import { getAccount } from '../api/getAccount';
import { ResendLinkButton } from './ResendLinkButton';

/**
 * A reminder above the dashboard while the account's address is not confirmed. Quiet when the
 * account cannot be read: the account page says what went wrong.
 */
export function VerifyEmailBanner({ userId }: { userId: string }) {
  const [account, setAccount] = useState<Account | null>(null);
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
      <ResendLinkButton />
    </section>
  );
}
