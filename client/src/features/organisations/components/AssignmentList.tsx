import { useState } from 'react';
import { formatShortDate } from '#shared/format';
import { ConfirmAction } from '../../../components/ConfirmAction';
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
  const [asking, setAsking] = useState<Assignment | null>(null);

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
              onClick={() => setAsking(a)}
            >
              {T.remove}
              <span className="visually-hidden"> {T.removeWhich(a.title)}</span>
            </button>
          </li>
        ))}
      </ul>
      {asking !== null ? (
        <ConfirmAction
          title={T.confirmRemoveTitle(asking.title)}
          body={T.confirmRemoveBody}
          confirmLabel={T.remove}
          onClose={() => setAsking(null)}
          onConfirm={async () => {
            await removeAssignment(asking.id);
            setAsking(null);
            onRemoved(asking.title);
          }}
        />
      ) : null}
    </>
  );
}
