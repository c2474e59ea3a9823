import type { ProgressSummary } from '../../../../../shared/progress';
import { progressResponse } from '../../../../../shared/progressApi';
import { ApiError, apiRequest } from '../../../lib/api';

/** Spec §8, progress: the server answered with an error. */
export const PROGRESS_QUERY_ERROR = 'Failed to load progress data. Please try again.';
/** Spec §8, progress: anything else (no answer, an answer we cannot read, a bug). */
export const PROGRESS_UNEXPECTED_ERROR =
  'An error occurred while loading your progress data. Please try again later.';

export async function getProgress(): Promise<ProgressSummary> {
  return apiRequest('/api/progress', progressResponse);
}

/**
 * The two §8 texts: a "query error" is the server refusing or failing the request (an HTTP
 * error status); a request that never got an answer, or got one we cannot read, is unexpected.
 */
export function progressErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status > 0 && error.code !== 'bad_response') {
    return PROGRESS_QUERY_ERROR;
  }
  return PROGRESS_UNEXPECTED_ERROR;
}
