import { organisationsApi } from '#shared/api/organisations';
import { callApi } from '../../../lib/api';

/** The organisations the author trains: those a scenario may be shared with. */
export async function listTrainedOrganisations(): Promise<{ id: string; name: string }[]> {
  const { training } = await callApi(organisationsApi.mine);
  return training.map(({ id, name }) => ({ id, name }));
}
