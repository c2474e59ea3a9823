import type { BranchOrigin } from '#shared/api/conversations';
import { useScreenResource } from '../../../lib/resource';
import { getBranchOrigin } from '../api/getBranchOrigin';

/**
 * The report shown right after a conversation ends knows only its feedback; for a branch it
 * also compares with the original, read once here. Null until known, and for a conversation
 * that is no branch; a failed read only loses the comparison, never the report.
 */
export function useBranchOrigin(conversationId: string | null): BranchOrigin | null {
  return useScreenResource<BranchOrigin | null>(
    {
      fetch: getBranchOrigin,
      onError: (error) => {
        console.error('Could not compare with the original', error);
        return { message: null };
      },
    },
    conversationId,
  ).data;
}
