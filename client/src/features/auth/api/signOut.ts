import { apiCommand } from '../../../lib/api';

export async function signOut(): Promise<void> {
  await apiCommand('/api/auth/sign-out', { method: 'POST' });
}
