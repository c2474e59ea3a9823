import { Link } from 'wouter';
import { PAGE_TEXT } from '#shared/text';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { paths } from '../../lib/paths';

export function NotFoundPage() {
  useDocumentTitle(PAGE_TEXT.notFoundTitle);
  return (
    <main className="page page--center">
      <div className="page-message">
        <h1 className="page-message__title">{PAGE_TEXT.notFoundTitle}</h1>
        <p>{PAGE_TEXT.notFoundBody}</p>
        <Link href={paths.dashboard} className="button button--primary">
          {PAGE_TEXT.goToDashboard}
        </Link>
      </div>
    </main>
  );
}
