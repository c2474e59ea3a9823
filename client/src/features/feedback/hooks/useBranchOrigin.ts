import { useEffect, useState } from 'react';
import type { BranchOrigin } from '../../../../../shared/api/conversations';
import { getBranchOrigin } from '../api/getBranchOrigin';

/**
 * The report shown right after a conversation ends knows only its feedback; for a branch it
 * also compares with the original, read once here. Null until known, and for a conversation
 * that is no branch; a failed read only loses the comparison, never the report.
 */
export function useBranchOrigin(sessionId: string | null): BranchOrigin | null {
  const [origin, setOrigin] = useState<{ id: string; branch: BranchOrigin | null } | null>(null);
  useEffect(() => {
    if (sessionId === null) return;
    let live = true;
    getBranchOrigin(sessionId).then(
      (branch) => {
        if (live) setOrigin({ id: sessionId, branch });
      },
      (error: unknown) => console.error('Could not compare with the original', error),
    );
    return () => {
      live = false;
    };
  }, [sessionId]);
  return origin !== null && origin.id === sessionId ? origin.branch : null;
}
