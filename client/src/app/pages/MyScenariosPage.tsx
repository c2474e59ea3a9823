import { Link } from 'wouter';
import { AUTHORING_TEXT } from '#shared/text';
import { MyScenarios } from '../../features/authoring/components/MyScenarios';
import { dashboardPath } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import '../../features/authoring/authoring.css';

/** /authoring: the author's own scenarios. */
export function MyScenariosPage() {
  useDocumentTitle(AUTHORING_TEXT.listTitle);
  return (
    <main className="authoring-page">
      <p>
        <Link href={dashboardPath('scenarios')}>{AUTHORING_TEXT.list.back}</Link>
      </p>
      <MyScenarios />
    </main>
  );
}
