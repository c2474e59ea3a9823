import { emptyProgressSummary, type ProgressSummary } from '#shared/progress';
import { createResource } from '../../lib/resource';
import { getProgress, progressErrorMessage } from './api/getProgress';

/**
 * The signed-in user's progress, keyed by user id. Kept across tab switches so returning to the
 * tab refreshes in place instead of flashing.
 */
export const progressResource = createResource<ProgressSummary>({
  fetch: () => getProgress(),
  onError: (error) => {
    console.error('Could not load progress', error);
    // Spec §8: the summary is reset to zeros in both error cases.
    return { data: emptyProgressSummary(), message: progressErrorMessage(error) };
  },
});
