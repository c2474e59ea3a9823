import { z } from 'zod';
import { apiRequest } from '../../../lib/api';

const hintResponse = z.object({ hint: z.string() });

export async function getHint(sessionId: string): Promise<string> {
  const { hint } = await apiRequest(
    `/api/conversations/${encodeURIComponent(sessionId)}/hint`,
    hintResponse,
    { method: 'POST' },
  );
  return hint;
}
