import { organisationsApi } from '#shared/api/organisations';
import { callApi } from '../../../lib/api';
import type { Invite } from '../cohortTable';

export function revokeInvite(inviteId: string): Promise<Invite> {
  return callApi(organisationsApi.revokeInvite, { params: { id: inviteId } });
}
