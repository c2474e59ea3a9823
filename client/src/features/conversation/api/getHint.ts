import { conversationsApi } from '#shared/api/conversations';
import { callApi } from '../../../lib/api';

export async function getHint(conversationId: string): Promise<string> {
  const { hint } = await callApi(conversationsApi.hint, { params: { id: conversationId } });
  return hint;
}
