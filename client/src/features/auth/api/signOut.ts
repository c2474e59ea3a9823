import { authApi } from '#shared/api/auth';
import { callApi } from '../../../lib/api';

export async function signOut(): Promise<void> {
  await callApi(authApi.signOut);
}
