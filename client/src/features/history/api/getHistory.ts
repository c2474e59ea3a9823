import { historyApi, type HistoryResponse } from '#shared/api/history';
import { callApi } from '../../../lib/api';

/** One page of the signed-in user's history, newest first; `before` is the previous cursor. */
export async function getHistory(page: { before?: string | null } = {}): Promise<HistoryResponse> {
  return callApi(historyApi.list, { query: { before: page.before || undefined } });
}
