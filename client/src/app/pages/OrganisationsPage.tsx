import { useLocation } from 'wouter';
import { ORGANISATIONS_PAGE_TEXT } from '#shared/text';
import { useAuthStore, userDisplayName } from '../../features/auth/store';
import { TopBar } from '../../features/dashboard/components/TopBar';
import { OrganisationsScreen } from '../../features/organisations/components/OrganisationsScreen';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import '../../features/dashboard/dashboard.css';

/** /organisations: the top bar, then what the user runs and the cohorts they are in. */
export function OrganisationsPage() {
  const user = useAuthStore((s) => s.user);
  const signOut = useAuthStore((s) => s.signOut);
  const [, navigate] = useLocation();
  useDocumentTitle(ORGANISATIONS_PAGE_TEXT.title);
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
      <OrganisationsScreen userId={user.id} />
    </>
  );
}
