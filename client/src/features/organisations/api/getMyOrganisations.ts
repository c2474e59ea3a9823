import type { z } from 'zod';
import { organisationsApi, type myOrganisationsResponse } from '#shared/api/organisations';
import { callApi } from '../../../lib/api';

export type MyOrganisations = z.infer<typeof myOrganisationsResponse>;

/** What the user runs as a trainer, and the cohorts they are in as a trainee. */
export function getMyOrganisations(): Promise<MyOrganisations> {
  return callApi(organisationsApi.mine);
}
