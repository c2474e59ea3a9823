import { useLocation } from 'wouter';
import { AUTHORING_TEXT } from '#shared/text';
import { useAuthStore, userDisplayName } from '../../features/auth/store';
import { ScenarioEditor } from '../../features/authoring/components/ScenarioEditor';
import { TopBar } from '../../features/dashboard/components/TopBar';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import '../../features/dashboard/dashboard.css';

/**
 * /authoring/new and /authoring/:id: the app's top bar, then a new scenario or one of the
 * author's own.
 */
export function ScenarioEditorPage({ scenarioId }: { scenarioId: string | null }) {
  const user = useAuthStore((s) => s.user);
  const signOut = useAuthStore((s) => s.signOut);
  const [, navigate] = useLocation();
  useDocumentTitle(scenarioId === null ? AUTHORING_TEXT.newTitle : AUTHORING_TEXT.editTitle);
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
      <ScenarioEditor userId={user.id} scenarioId={scenarioId} />
    </>
  );
}
