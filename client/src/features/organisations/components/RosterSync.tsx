import { useState } from 'react';
import { LTI_TEXT as T } from '#shared/text';
import { Alert } from '../../../components/Alert';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api';
import { syncRoster } from '../api/ltiPlatforms';

/**
 * "Sync roster from the course" (NRPS, decision 051), for a cohort whose LMS course shared its
 * roster: the course's learners join, those gone from it leave; the result is one sentence, and a
 * second about co-instructors when the sync changed any (the course's instructors, 052).
 */
export function RosterSync({
  cohortId,
  onSynced,
}: {
  cohortId: string;
  onSynced: () => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState('');
  const [error, setError] = useState<string | null>(null);

  const sync = async () => {
    setBusy(true);
    setError(null);
    setDone('');
    try {
      const counts = await syncRoster(cohortId);
      const coInstructors = counts.coInstructorsAdded + counts.coInstructorsRemoved;
      setDone(
        coInstructors === 0
          ? T.rosterSynced(counts.joined, counts.left, counts.unchanged)
          : `${T.rosterSynced(counts.joined, counts.left, counts.unchanged)} ${T.coInstructorsSynced(counts.coInstructorsAdded, counts.coInstructorsRemoved)}`,
      );
      await onSynced();
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="org-actions">
      <button
        type="button"
        className="button button--secondary button--sm"
        disabled={busy}
        onClick={() => void sync()}
      >
        {T.syncRoster}
      </button>
      {busy ? <Spinner label={T.syncingRoster} /> : null}
      {error !== null ? <Alert>{error}</Alert> : null}
      <p className="org-ok" role="status">
        {done}
      </p>
    </div>
  );
}
