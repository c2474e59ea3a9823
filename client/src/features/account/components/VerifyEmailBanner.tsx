import { Link } from 'wouter';
import type { User } from '#shared/api/auth';
import { ACCOUNT_TEXT as T } from '#shared/text';
import { paths } from '../../../lib/paths';
import { ResendLinkButton } from './ResendLinkButton';

/**
 * A reminder above the dashboard while the account's address is not confirmed. The signed-in
 * user carries whether it is, so the dashboard asks the server for nothing more.
 */
export function VerifyEmailBanner({ user }: { user: Pick<User, 'email' | 'emailVerified'> }) {
  if (user.emailVerified) return null;
  return (
    <section className="account-banner" aria-label={T.verifyTitle}>
      <p>
        {T.bannerText(user.email)} <Link href={paths.account}>{T.goToAccount}</Link>
      </p>
      <ResendLinkButton />
    </section>
  );
}
