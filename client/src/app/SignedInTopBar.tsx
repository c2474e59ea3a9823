import { useLocation } from 'wouter';
import { useAuthStore, userDisplayName } from '../features/auth/store';
import { TopBar } from '../features/dashboard/components/TopBar';
import { paths } from '../lib/paths';
import '../features/dashboard/dashboard.css';

/** The top bar of a signed-in page: the user's name, and Logout back to the sign-in page. */
export function SignedInTopBar() {
  const user = useAuthStore((s) => s.user);
  const signOut = useAuthStore((s) => s.signOut);
  const [, navigate] = useLocation();
  return (
    <TopBar
      userName={userDisplayName(user)}
      onLogout={async () => {
        await signOut();
        navigate(paths.login, { replace: true });
      }}
    />
  );
}
