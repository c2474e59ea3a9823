import { z } from 'zod';
import { resource } from './endpoint';

/** /api/account: the signed-in person's own account (the account page). */

export const accountSchema = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
  /** False until the link mailed at sign-up is opened. */
  emailVerified: z.boolean(),
  /** A new address waiting for its link to be opened, or null. */
  pendingEmail: z.string().nullable(),
});
export type Account = z.infer<typeof accountSchema>;

export const accountResponse = z.object({ account: accountSchema });

export const accountApi = resource('/account', {
  get: { method: 'GET', route: '/', response: accountResponse },
});
