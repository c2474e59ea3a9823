import { Router } from 'express';
import { authApi } from '#shared/api/auth';
import { PASSWORD_TEXT } from '#shared/text';
import { hashPassword } from '../auth/passwords';
import { passwordPolicy } from '../auth/passwordPolicy';
import { clientAddress } from '../http/clientAddress';
import { AppError } from '../http/errors';
import { sendJson } from '../http/respond';
import { parseInput } from '../http/validate';
import type { Services } from '../services';

/** Forgotten passwords: ask for a link by mail, then use it once (server/auth/passwordResets.ts). */
export function passwordResetRoutes(services: Services): Router {
  const { config, passwordResets, signInCache } = services;
  const router = Router();
  const passwords = passwordPolicy(config.commonPasswordsFile);
  const minutes = Math.round(config.mail.resetMs / 60_000);

  router.post(authApi.requestPasswordReset.route, async (req, res) => {
    const input = parseInput(authApi.requestPasswordReset.body, req.body);
    await passwordResets.request({ email: input.email, networkAddress: clientAddress(req) });
    sendJson(res, authApi.requestPasswordReset, { minutes }, 202);
  });

  router.post(authApi.resetPassword.route, async (req, res) => {
    const input = parseInput(authApi.resetPassword.body, req.body);
    const { userId } = await passwordResets.reset({
      token: input.token,
      // The same rules as at sign-up, the account's own address among them.
      hashFor: async (email) => {
        const problem = passwords.check(input.password, { email });
        if (problem) throw new AppError('bad_request:password', PASSWORD_TEXT[problem]);
        return hashPassword(input.password);
      },
    });
    // Signed out everywhere: the rows are gone, and this instance forgets them at once.
    signInCache.deleteUser(userId);
    res.status(204).end();
  });

  return router;
}
