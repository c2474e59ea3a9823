import { useLocation } from 'wouter';
import { ACCOUNT_TEXT } from '#shared/text';
import { AccountScreen } from '../../features/account/components/AccountScreen';
import { useAuthStore } from '../../features/auth/store';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { SignedInTopBar } from '../SignedInTopBar';

/** /account: the top bar, then the person's own account. */
export function AccountPage() {
  const user = useAuthStore((s) => s.user);
  const forgetUser = useAuthStore((s) => s.forgetUser);
  const updateUser = useAuthStore((s) => s.updateUser);
  const [, navigate] = useLocation();
  useDocumentTitle(ACCOUNT_TEXT.title);
  if (!user) return null;
  return (
    <>
      <SignedInTopBar />
      <AccountScreen
        userId={user.id}
        onUserChanged={updateUser}
        onSignedOut={() => {
          forgetUser();
          navigate(paths.login, { replace: true });
        }}
      />
    </>
  );
}
