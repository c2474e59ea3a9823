import { organisationsApi } from '#shared/api/organisations';
import { callApi } from '../../../lib/api';

/** A new organisation, with its creator as its trainer. */
export function createOrganisation(name: string): Promise<{ id: string; name: string }> {
  return callApi(organisationsApi.create, { body: { name } });
}
