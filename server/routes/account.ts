import { Router } from 'express';
import { accountApi } from '#shared/api/account';
import { PASSWORD_TEXT } from '#shared/text';
import { currentUser, requireUser } from '../auth/guard';
import { confirmCurrentPassword } from '../auth/currentPassword';
import { hashPassword } from '../auth/passwords';
import { passwordPolicy } from '../auth/passwordPolicy';
import { SESSION_COOKIE, signInIdFromToken } from '../auth/signIns';
import { pendingEmailOf } from '../db/emailVerifications';
import {
  deleteOtherSignInsOfUser,
  deletePasswordResetsOfUser,
  deleteSignInsOfUser,
  setUserPassword,
} from '../db/passwordResets';
import { getAccount, getUserByEmail, setUserLocale, setUserName } from '../db/users';
import { clearSignInCookie, readCookie } from '../http/cookies';
import { AppError } from '../http/errors';
import { sendJson } from '../http/respond';
import { parseInput } from '../http/validate';
import type { Services } from '../services';
import { signInMethods } from '../sso/signInMethods';

/**
 * /api/account: the signed-in person's own account. Every route acts on that account only, so
 * there is no id to guess. A new address or password needs the current password again, counted
 * by the sign-in throttle: an unattended session is not enough to take the account over.
 */
export function accountRoutes(services: Services): Router {
  const { db, config, signInCache, emailVerifications } = services;
  const router = Router();
  const passwords = passwordPolicy(config.commonPasswordsFile);
  router.use(requireUser(services));

  const loadAccount = async (userId: string) => {
    const [account, methods] = await Promise.all([
      getAccount(db, { id: userId }),
      signInMethods({ db, sso: services.sso }, { userId }),
    ]);
    // Deleted between the session check and here: as signed out.
    if (account === null) throw new AppError('unauthorized:session');
    return { ...account, ...methods };
  };

  router.get(accountApi.get.route, async (_req, res) => {
    sendJson(res, accountApi.get, { account: await loadAccount(currentUser(res).id) });
  });

  router.post(accountApi.rename.route, async (req, res) => {
    const input = parseInput(accountApi.rename.body, req.body);
    const userId = currentUser(res).id;
    await setUserName(db, { userId, fullName: input.fullName });
    // This instance's cached sessions carry the old name; on others it shows within seconds.
    signInCache.deleteUser(userId);
    sendJson(res, accountApi.rename, { account: await loadAccount(userId) });
  });

  router.post(accountApi.language.route, async (req, res) => {
    const input = parseInput(accountApi.language.body, req.body);
    const userId = currentUser(res).id;
    await setUserLocale(db, { userId, locale: input.locale });
    // Cached sessions carry the old language; on other instances it shows within seconds.
    signInCache.deleteUser(userId);
    sendJson(res, accountApi.language, { account: await loadAccount(userId) });
  });

  router.post(accountApi.changeEmail.route, async (req, res) => {
    const input = parseInput(accountApi.changeEmail.body, req.body);
    const row = await confirmCurrentPassword(
      services,
      req,
      currentUser(res).id,
      input.currentPassword,
    );
    if (input.email === row.email) throw new AppError('bad_request:same_email');
    // Taken addresses are said, as at sign-up (decision 009), to someone who knows the password.
    if ((await getUserByEmail(db, { email: input.email })) !== null)
      throw new AppError('conflict:email_in_use');
    await emailVerifications.send({ userId: row.id, email: input.email, tellOld: row.email });
    sendJson(
      res,
      accountApi.changeEmail,
      { email: input.email, hours: emailVerifications.hours },
      202,
    );
  });

  router.post(accountApi.resendVerification.route, async (_req, res) => {
    const account = await loadAccount(currentUser(res).id);
    const pending = await pendingEmailOf(db, { userId: account.id });
    const email =
      pending !== null && pending !== account.email
        ? pending
        : account.emailVerified
          ? null
          : account.email;
    if (email === null) throw new AppError('conflict:verified');
    await emailVerifications.send({ userId: account.id, email });
    sendJson(res, accountApi.resendVerification, { email, hours: emailVerifications.hours }, 202);
  });

  router.post(accountApi.changePassword.route, async (req, res) => {
    const input = parseInput(accountApi.changePassword.body, req.body);
    const row = await confirmCurrentPassword(
      services,
      req,
      currentUser(res).id,
      input.currentPassword,
    );
    const problem = passwords.check(input.newPassword, { email: row.email });
    if (problem) throw new AppError('bad_request:password', PASSWORD_TEXT[problem]);
    const passwordHash = await hashPassword(input.newPassword);
    const token = readCookie(req.headers.cookie, SESSION_COOKIE);
    if (token === null) throw new AppError('unauthorized:session');
    await db.transaction(async (tx) => {
      await setUserPassword(tx, { userId: row.id, passwordHash });
      // Whoever else holds a session (or a reset link) loses it; this device stays signed in.
      await deleteOtherSignInsOfUser(tx, {
        userId: row.id,
        keepSignInId: signInIdFromToken(token),
      });
      await deletePasswordResetsOfUser(tx, { userId: row.id });
    });
    signInCache.deleteUser(row.id);
    res.status(204).end();
  });

  router.post(accountApi.signOutEverywhere.route, async (_req, res) => {
    const userId = currentUser(res).id;
    await deleteSignInsOfUser(db, { userId });
    signInCache.deleteUser(userId);
    clearSignInCookie(res, { name: SESSION_COOKIE, secure: config.cookieSecure });
    res.status(204).end();
  });

  return router;
}
