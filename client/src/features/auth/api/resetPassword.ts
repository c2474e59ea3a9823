import { authApi, type PasswordResetInput } from '#shared/api/auth';
import { callApi } from '../../../lib/api';

export async function resetPassword(input: PasswordResetInput): Promise<void> {
  await callApi(authApi.resetPassword, { body: input });
}
