import { organisationsApi, type MemberConversations } from '#shared/api/organisations';
import { callApi } from '../../../lib/api';

/** The member's periods in the cohort and every conversation started inside one. */
export function getMemberConversations(
  cohortId: string,
  userId: string,
): Promise<MemberConversations> {
  return callApi(organisationsApi.memberConversations, { params: { id: cohortId, userId } });
}
