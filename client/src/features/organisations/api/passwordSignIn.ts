import { organisationsApi } from '#shared/api/organisations';
import { ssoApi } from '#shared/api/sso';
import { callApi } from '../../../lib/api';

/** Turns an organisation's password sign-in on or off (decision 050). */
export async function setPasswordSignIn(organisationId: string, allowed: boolean): Promise<void> {
  await callApi(organisationsApi.passwordSignIn, {
    params: { id: organisationId },
    body: { allowed },
  });
}

/** Whether this server offers any school sign-in: without one, passwords cannot be turned off. */
export async function hasSchoolSignIn(): Promise<boolean> {
  const { providers } = await callApi(ssoApi.providers);
  return providers.length > 0;
}
