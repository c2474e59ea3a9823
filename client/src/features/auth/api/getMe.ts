import { userResponse, type User } from '../../../../../shared/api';
import { ApiError, apiRequest } from '../../../lib/api';

/** The signed-in user, or null when there is none (401). */
export async function getMe(): Promise<User | null> {
  try {
    const { user } = await apiRequest('/api/auth/me', userResponse);
    return user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}
