import { z } from 'zod';
import { resource } from './endpoint';

/** GET /api/health: whether the database answers, and which AI roles are in use. 503 when down. */

export const healthResponse = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['ok', 'unreachable']),
  ai: z.enum(['offline', 'openai']),
});

export const healthApi = resource('', {
  check: { method: 'GET', route: '/health', response: healthResponse },
});
