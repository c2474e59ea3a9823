import { Link } from 'wouter';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { paths } from '../../lib/paths';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <main className="page page--center">
      <div className="page-message">
        <h1 className="page-message__title">Page not found</h1>
        <p>There is nothing at this address.</p>
        <Link href={paths.dashboard} className="button button--primary">
          Go to the dashboard
        </Link>
      </div>
    </main>
  );
}
