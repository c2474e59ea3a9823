import { authApi, type User } from '#shared/api/auth';
import { ApiError, callApi } from '../../../lib/api';

/** The signed-in user, or null when there is none (401). */
export async function getMe(): Promise<User | null> {
  try {
    const { user } = await callApi(authApi.me);
    return user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}
