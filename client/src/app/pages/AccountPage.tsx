import { useLocation } from 'wouter';
import { ACCOUNT_TEXT } from '#shared/text';
import { AccountScreen } from '../../features/account/components/AccountScreen';
import { useAuthStore, userDisplayName } from '../../features/auth/store';
import { TopBar } from '../../features/dashboard/components/TopBar';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

/** /account: the top bar, then the person's own account. */
export function AccountPage() {
  const user = useAuthStore((s) => s.user);
  const signOut = useAuthStore((s) => s.signOut);
  const forgetUser = useAuthStore((s) => s.forgetUser);
  const updateUser = useAuthStore((s) => s.updateUser);
  const [, navigate] = useLocation();
  useDocumentTitle(ACCOUNT_TEXT.title);
  if (!user) return null;
  return (
    <>
      <TopBar
        userName={userDisplayName(user)}
        onLogout={async () => {
          await signOut();
          navigate(paths.login, { replace: true });
        }}
      />
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
