import { useEffect, useId, useState } from 'react';
import type { FailedPassback } from '#shared/api/lti';
import { LTI_TEXT as T } from '#shared/text';
import { Alert } from '../../../components/Alert';
import { errorMessage } from '../../../lib/api';
import { getFailedPassbacks, resendPassback } from '../api/ltiPlatforms';

/**
 * Scores the cohort's LMS did not take after every attempt (decision 051), each with "Send
 * again". Shows nothing when there are none, which is almost always.
 */
export function FailedPassbacks({ cohortId }: { cohortId: string }) {
  const id = useId();
  const [failed, setFailed] = useState<FailedPassback[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState('');

  useEffect(() => {
    let live = true;
    getFailedPassbacks(cohortId).then(
      (list) => live && setFailed(list),
      // A cohort page without this panel is still whole: the failure is only logged.
      (caught: unknown) => console.error('Could not load failed scores', caught),
    );
    return () => {
      live = false;
    };
  }, [cohortId]);

  if (failed.length === 0 && done === '') return null;
  const again = async (passback: FailedPassback) => {
    setError(null);
    try {
      await resendPassback(cohortId, {
        assignmentId: passback.assignmentId,
        userId: passback.userId,
      });
      setFailed((list) => list.filter((p) => p !== passback));
      setDone(T.sentAgain);
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };
  return (
    <section className="org-lti" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className="org-lti__title">
        {T.passbacksTitle}
      </h4>
      <ul className="org-lti__list">
        {failed.map((passback) => (
          <li key={`${passback.assignmentId}-${passback.userId}`} className="org-actions">
            <span>
              {T.passbackLine(
                passback.fullName,
                passback.scenarioTitle,
                passback.scoreGiven,
                passback.scoreMaximum,
                passback.lastError ?? '',
              )}
            </span>
            <button
              type="button"
              className="button button--secondary button--sm"
              onClick={() => void again(passback)}
            >
              {T.sendAgain}
              <span className="visually-hidden"> {passback.fullName}</span>
            </button>
          </li>
        ))}
      </ul>
      {error !== null ? <Alert>{error}</Alert> : null}
      <p className="org-ok" role="status">
        {done}
      </p>
    </section>
  );
}
