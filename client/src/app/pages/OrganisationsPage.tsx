import { ORGANISATIONS_PAGE_TEXT } from '#shared/text';
import { useAuthStore } from '../../features/auth/store';
import { OrganisationsScreen } from '../../features/organisations/components/OrganisationsScreen';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { SignedInTopBar } from '../SignedInTopBar';

/** /organisations: the top bar, then what the user runs and the cohorts they are in. */
export function OrganisationsPage() {
  const user = useAuthStore((s) => s.user);
  useDocumentTitle(ORGANISATIONS_PAGE_TEXT.title);
  if (!user) return null;
  return (
    <>
      <SignedInTopBar />
      <OrganisationsScreen userId={user.id} />
    </>
  );
}
