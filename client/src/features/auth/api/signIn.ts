import { userResponse, type SignInInput, type User } from '../../../../../shared/api';
import { apiRequest } from '../../../lib/api';

export async function signIn(input: SignInInput): Promise<User> {
  const { user } = await apiRequest('/api/auth/sign-in', userResponse, {
    method: 'POST',
    body: input,
  });
  return user;
}
