import { progressApi } from '#shared/api/progress';
import type { ProgressSummary } from '#shared/progress';
import { PROGRESS_TEXT } from '#shared/text';
import { ApiError, callApi } from '../../../lib/api';

export async function getProgress(): Promise<ProgressSummary> {
  return callApi(progressApi.get);
}

/**
 * The two §8 texts: a "query error" is the server refusing or failing the request (an HTTP
 * error status); a request that never got an answer, or got one we cannot read, is unexpected.
 */
export function progressErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status > 0 && error.code !== 'bad_response') {
    return PROGRESS_TEXT.queryFailed;
  }
  return PROGRESS_TEXT.unexpected;
}
