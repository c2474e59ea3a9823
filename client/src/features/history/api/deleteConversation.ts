import { conversationDeletionApi } from '#shared/api/myData';
import { callApi } from '../../../lib/api';

/** Deletes one of the user's ended conversations for good (decision 045). */
export async function deleteConversation(conversationId: string): Promise<void> {
  await callApi(conversationDeletionApi.delete, { params: { id: conversationId } });
}
