import { Link } from 'wouter';
import { ArrowLeftIcon } from '../../components/icons';
import { useDocumentTitle } from '../../lib/use-document-title';
import { dashboardPath } from '../routes';

/** Spec §2 conversation detail. Placeholder until the history issue builds the page. */
export function ConversationPage({ sessionId }: { sessionId: string }) {
  useDocumentTitle('Conversation Detail');
  return (
    <main className="page page--scenario">
      <header className="scenario-header">
        <Link href={dashboardPath('history')} className="back-link">
          <ArrowLeftIcon />
          Back to Dashboard
        </Link>
        <h1 className="scenario-header__title">Conversation Detail</h1>
      </header>
      <p className="muted" data-session-id={sessionId}>
        The transcript and feedback of past conversations will appear here.
      </p>
    </main>
  );
}
