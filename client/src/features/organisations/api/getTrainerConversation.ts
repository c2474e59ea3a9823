import { organisationsApi, type TrainerConversation } from '#shared/api/organisations';
import { callApi } from '../../../lib/api';

/** A member's conversation, read only, for their trainer. */
export function getTrainerConversation(conversationId: string): Promise<TrainerConversation> {
  return callApi(organisationsApi.review, { params: { id: conversationId } });
}
