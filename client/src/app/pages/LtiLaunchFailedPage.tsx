import { Link, useSearchParams } from 'wouter';
import { isLaunchFailure } from '#shared/lti';
import { LTI_TEXT } from '#shared/text';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { paths } from '../../lib/paths';

/**
 * Where a refused launch from an LMS lands (decision 051): one sentence for the reason the
 * server gave, never anything of the launch itself. An unknown reason reads as ours.
 */
export function LtiLaunchFailedPage() {
  useDocumentTitle(LTI_TEXT.launchFailedTitle);
  const [search] = useSearchParams();
  const given = search.get('reason');
  const reason = isLaunchFailure(given) ? given : 'unavailable';
  return (
    <main className="page page--center">
      <div className="page-message">
        <h1 className="page-message__title">{LTI_TEXT.launchFailedTitle}</h1>
        <p role="alert">{LTI_TEXT.launchFailedBecause(reason)}</p>
        <p>{LTI_TEXT.launchFailedHelp}</p>
        <Link href={paths.home} className="button button--primary">
          {LTI_TEXT.backHome}
        </Link>
      </div>
    </main>
  );
}
