import { authApi, type SignInInput, type User } from '#shared/api/auth';
import { callApi } from '../../../lib/api';

export async function signIn(input: SignInInput): Promise<User> {
  const { user } = await callApi(authApi.signIn, { body: input });
  return user;
}
