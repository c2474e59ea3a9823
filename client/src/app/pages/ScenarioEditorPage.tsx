import { AUTHORING_TEXT } from '#shared/text';
import { useAuthStore } from '../../features/auth/store';
import { ScenarioEditor } from '../../features/authoring/components/ScenarioEditor';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { SignedInTopBar } from '../SignedInTopBar';

/**
 * /authoring/new and /authoring/:id: the app's top bar, then a new scenario or one of the
 * author's own.
 */
export function ScenarioEditorPage({ scenarioId }: { scenarioId: string | null }) {
  const user = useAuthStore((s) => s.user);
  useDocumentTitle(scenarioId === null ? AUTHORING_TEXT.newTitle : AUTHORING_TEXT.editTitle);
  if (!user) return null;
  return (
    <>
      <SignedInTopBar />
      <ScenarioEditor userId={user.id} scenarioId={scenarioId} />
    </>
  );
}
