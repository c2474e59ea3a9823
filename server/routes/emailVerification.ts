import { Router } from 'express';
import { authApi } from '#shared/api/auth';
import { sendJson } from '../http/respond';
import { parseInput } from '../http/validate';
import type { Services } from '../services';

/**
 * Opening the link from a confirmation mail. No sign-in is needed (it may be opened on another
 * device); the token alone names the account and the address.
 */
export function emailVerificationRoutes(services: Services): Router {
  const { emailVerifications, signInCache } = services;
  const router = Router();

  router.post(authApi.verifyEmail.route, async (req, res) => {
    const input = parseInput(authApi.verifyEmail.body, req.body);
    const { userId, email } = await emailVerifications.confirm(input.token);
    // Cached sessions on this instance carry the old address.
    signInCache.deleteUser(userId);
    sendJson(res, authApi.verifyEmail, { email });
  });

  return router;
}
