import { authApi, type VerifyEmailInput } from '#shared/api/auth';
import { callApi } from '../../../lib/api';

/** Uses a confirmation link; answers with the address it confirmed. */
export async function verifyEmail(input: VerifyEmailInput): Promise<string> {
  const { email } = await callApi(authApi.verifyEmail, { body: input });
  return email;
}
