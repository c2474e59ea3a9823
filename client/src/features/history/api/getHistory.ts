import { historyResponse, type HistoryResponse } from '../../../../../shared/progressApi';
import { apiRequest } from '../../../lib/api';

/** One page of the signed-in user's history, newest first; `before` is the previous cursor. */
export async function getHistory(page: { before?: string | null } = {}): Promise<HistoryResponse> {
  const query = page.before ? `?before=${encodeURIComponent(page.before)}` : '';
  return apiRequest(`/api/history${query}`, historyResponse);
}
