import { userResponse, type SignUpInput, type User } from '../../../../../shared/api';
import { apiRequest } from '../../../lib/api';

export async function signUp(input: SignUpInput): Promise<User> {
  const { user } = await apiRequest('/api/auth/sign-up', userResponse, {
    method: 'POST',
    body: input,
  });
  return user;
}
