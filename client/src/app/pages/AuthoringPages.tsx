import { Link } from 'wouter';
import { AUTHORING_TEXT } from '../../../../shared/text';
import { useAuthStore } from '../../features/auth/store';
import { MyScenarios } from '../../features/authoring/components/MyScenarios';
import { ScenarioEditor } from '../../features/authoring/components/ScenarioEditor';
import { dashboardPath } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import '../../features/authoring/authoring.css';

export function MyScenariosPage() {
  useDocumentTitle(AUTHORING_TEXT.listTitle);
  return (
    <main className="authoring-page">
      <p>
        <Link href={dashboardPath('scenarios')}>Back to Practice Scenarios</Link>
      </p>
      <MyScenarios />
    </main>
  );
}

export function ScenarioEditorPage({ scenarioId }: { scenarioId: string | null }) {
  const userId = useAuthStore((s) => s.user?.id ?? null);
  useDocumentTitle(scenarioId === null ? AUTHORING_TEXT.newTitle : AUTHORING_TEXT.editTitle);
  if (userId === null) return null;
  return <ScenarioEditor userId={userId} scenarioId={scenarioId} />;
}
