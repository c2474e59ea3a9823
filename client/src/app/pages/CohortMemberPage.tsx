import { useAuthStore } from '../../features/auth/store';
import { CohortMember } from '../../features/organisations/components/CohortMember';
import { SignedInTopBar } from '../SignedInTopBar';

/** /organisations/cohorts/:cohortId/members/:userId: the top bar, then the member's work. */
export function CohortMemberPage({ cohortId, userId }: { cohortId: string; userId: string }) {
  const user = useAuthStore((s) => s.user);
  if (!user) return null;
  return (
    <>
      <SignedInTopBar />
      <CohortMember key={`${cohortId}:${userId}`} cohortId={cohortId} userId={userId} />
    </>
  );
}
