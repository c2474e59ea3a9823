import { useState } from 'react';
import { formatShortDate } from '#shared/format';
import { Alert } from '../../../components/Alert';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api';
import { removeAssignment } from '../api/removeAssignment';
import type { CohortTable } from '../cohortTable';
import { ORGANISATIONS_PAGE_TEXT as T } from '#shared/text';

type Assignment = CohortTable['assignments'][number];

/**
 * A cohort's assignments, each with a Remove button (after a confirmation). Listed apart from
 * the table's columns so an assignment can be removed before anyone has joined.
 */
export function AssignmentList({
  assignments,
  onRemoved,
}: {
  assignments: readonly Assignment[];
  onRemoved: (title: string) => void;
}) {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const remove = async (assignment: Assignment) => {
    if (busy !== null || !window.confirm(T.confirmRemove(assignment.title))) return;
    setBusy(assignment.id);
    setError(null);
    try {
      await removeAssignment(assignment.id);
      onRemoved(assignment.title);
    } catch (cause) {
      setError(errorMessage(cause));
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <ul className="org-assignments" aria-label={T.assignedScenarios}>
        {assignments.map((a) => (
          <li key={a.id} className="org-assignment">
            <span className="org-assignment__title">{a.title}</span>
            {a.dueAt ? (
              <span className="org-assignment__due">
                {T.due} <time dateTime={a.dueAt}>{formatShortDate(a.dueAt)}</time>
              </span>
            ) : null}
            <button
              type="button"
              className="button button--ghost button--sm"
              disabled={busy !== null}
              onClick={() => void remove(a)}
            >
              {busy === a.id ? <Spinner /> : null}
              {T.remove}
              <span className="visually-hidden"> {T.removeWhich(a.title)}</span>
            </button>
          </li>
        ))}
      </ul>
      {error !== null ? <Alert>{error}</Alert> : null}
    </>
  );
}
