import { ssoApi, type SsoProvider } from '#shared/api/sso';
import { callApi, operationUrl } from '../../../lib/api';

/** The school sign-ins this server offers (decision 050); none when it has none. */
export async function listSsoProviders(): Promise<SsoProvider[]> {
  const { providers } = await callApi(ssoApi.providers);
  return providers;
}

/** Where a provider's button goes: a plain navigation, the server redirects onwards. */
export function ssoStartUrl(provider: SsoProvider): string {
  return operationUrl(ssoApi.start, { params: { provider: provider.id } });
}
