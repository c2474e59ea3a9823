import { organisationsApi } from '#shared/api/organisations';
import { callApi } from '../../../lib/api';
import type { Invite } from '../cohortTable';

/** An invite link to the cohort, valid for `days`. */
export function createInvite(cohortId: string, days: number): Promise<Invite> {
  return callApi(organisationsApi.createInvite, { params: { id: cohortId }, body: { days } });
}
