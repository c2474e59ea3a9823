import { authApi, type PasswordResetRequestInput } from '#shared/api/auth';
import { callApi } from '../../../lib/api';

/** Asks for a reset link; the answer (how long a link lasts) is the same for any address. */
export async function requestPasswordReset(input: PasswordResetRequestInput): Promise<number> {
  const { minutes } = await callApi(authApi.requestPasswordReset, { body: input });
  return minutes;
}
