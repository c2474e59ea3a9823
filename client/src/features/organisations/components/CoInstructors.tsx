import { useState } from 'react';
import type { z } from 'zod';
import type { coInstructorSchema } from '#shared/api/organisations';
import { ORGANISATIONS_PAGE_TEXT as T } from '#shared/text';
import { ConfirmAction } from '../../../components/ConfirmAction';
import { removeInstructor } from '../api/removeInstructor';

type CoInstructor = z.infer<typeof coInstructorSchema>;

/**
 * A cohort's co-instructors as its trainer sees them (decision 052): the course's other
 * instructors, each with Remove (after a confirmation). Shown only when there is one.
 */
export function CoInstructors({
  cohortId,
  instructors,
  onChanged,
}: {
  cohortId: string;
  instructors: readonly CoInstructor[];
  onChanged: () => Promise<void>;
}) {
  const [asking, setAsking] = useState<CoInstructor | null>(null);
  const [done, setDone] = useState('');
  if (instructors.length === 0 && done === '') return null;
  return (
    <div className="org-instructors">
      <h5 className="org-subtitle">{T.coInstructors}</h5>
      <p className="muted">{T.coInstructorsHelp}</p>
      <p className="org-ok" role="status">
        {done}
      </p>
      <ul className="org-assignments" aria-label={T.coInstructors}>
        {instructors.map((instructor) => (
          <li key={instructor.userId} className="org-assignment">
            <span className="org-assignment__title">{instructor.fullName}</span>
            <button
              type="button"
              className="button button--ghost button--sm"
              onClick={() => setAsking(instructor)}
            >
              {T.remove}
              <span className="visually-hidden">
                {' '}
                {T.removeInstructorWhich(instructor.fullName)}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {asking !== null ? (
        <ConfirmAction
          title={T.confirmRemoveInstructorTitle(asking.fullName)}
          body={T.confirmRemoveInstructorBody}
          confirmLabel={T.remove}
          onClose={() => setAsking(null)}
          onConfirm={async () => {
            await removeInstructor(cohortId, asking.userId);
            setAsking(null);
            setDone(T.instructorRemoved(asking.fullName));
            await onChanged();
          }}
        />
      ) : null}
    </div>
  );
}
