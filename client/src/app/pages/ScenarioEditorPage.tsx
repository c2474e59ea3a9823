import { AUTHORING_TEXT } from '#shared/text';
import { useAuthStore } from '../../features/auth/store';
import { ScenarioEditor } from '../../features/authoring/components/ScenarioEditor';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

/** /authoring/new and /authoring/:id: a new scenario, or one of the author's own. */
export function ScenarioEditorPage({ scenarioId }: { scenarioId: string | null }) {
  const userId = useAuthStore((s) => s.user?.id ?? null);
  useDocumentTitle(scenarioId === null ? AUTHORING_TEXT.newTitle : AUTHORING_TEXT.editTitle);
  if (userId === null) return null;
  return <ScenarioEditor userId={userId} scenarioId={scenarioId} />;
}
