import { useLocation } from 'wouter';
import { useAuthStore, userDisplayName } from '../../features/auth/store';
import { TopBar } from '../../features/dashboard/components/TopBar';
import { CohortMember } from '../../features/organisations/components/CohortMember';
import { paths } from '../../lib/paths';
import '../../features/dashboard/dashboard.css';

/** /organisations/cohorts/:cohortId/members/:userId: the top bar, then the member's work. */
export function CohortMemberPage({ cohortId, userId }: { cohortId: string; userId: string }) {
  const user = useAuthStore((s) => s.user);
  const signOut = useAuthStore((s) => s.signOut);
  const [, navigate] = useLocation();
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
      <CohortMember key={`${cohortId}:${userId}`} cohortId={cohortId} userId={userId} />
    </>
  );
}
