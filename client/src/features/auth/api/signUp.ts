import { authApi, type SignUpInput, type User } from '#shared/api/auth';
import { callApi } from '../../../lib/api';

export async function signUp(input: SignUpInput): Promise<User> {
  const { user } = await callApi(authApi.signUp, { body: input });
  return user;
}
