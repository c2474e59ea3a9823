import { conversationsApi, type BranchOrigin } from '#shared/api/conversations';
import { callApi } from '../../../lib/api';

/** Where a conversation branched from, with the original's scores; null if it is no branch. */
export async function getBranchOrigin(conversationId: string): Promise<BranchOrigin | null> {
  const { branch } = await callApi(conversationsApi.get, { params: { id: conversationId } });
  return branch;
}
