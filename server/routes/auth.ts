import { Router, type Response } from 'express';
import { authApi, type User } from '#shared/api/auth';
import { joinByCodeIn } from '../db/memberships';
import { createUser, getUserByEmail, publicUser } from '../db/users';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../auth/passwords';
import { invalidateSignIn, SESSION_COOKIE, signInIdFromToken } from '../auth/signIns';
import { startSignIn as startSignInOf } from '../auth/startSignIn';
import { passwordSignInRefused } from '../db/passwordSignIn';
import { currentUser, requireUser } from '../auth/guard';
import { passwordPolicy } from '../auth/passwordPolicy';
import { PASSWORD_TEXT } from '#shared/text';
import { clearSignInCookie, readCookie } from '../http/cookies';
import { clientAddress } from '../http/clientAddress';
import { AppError } from '../http/errors';
import { sendJson } from '../http/respond';
import { parseInput } from '../http/validate';
import type { Services } from '../services';

export function authRoutes(services: Services): Router {
  const { db, config, throttle } = services;
  const router = Router();

  const startSignIn = (res: Response, user: User) => startSignInOf({ db, config }, res, user.id);

  const passwords = passwordPolicy(config.commonPasswordsFile);

  router.post(authApi.signUp.route, async (req, res) => {
    const input = parseInput(authApi.signUp.body, req.body);
    await throttle.beforeSignUp({ address: clientAddress(req) });
    const problem = passwords.check(input.password, { email: input.email });
    if (problem) throw new AppError('bad_request:password', PASSWORD_TEXT[problem]);
    const passwordHash = await hashPassword(input.password);
    // A taken email is answered as such (docs/decisions/009): the address throttle above is
    // what keeps probing for accounts slow. Through an invite, the account and its membership
    // are made together: a dead code leaves no account behind to sign in to.
    const row = await db.transaction(async (tx) => {
      const created = await createUser(tx, {
        email: input.email,
        fullName: input.fullName,
        passwordHash,
      });
      if (!created) throw new AppError('conflict:email');
      if (input.invite !== undefined) {
        // Codes are made in capitals; a person copying one may lower it, as when joining.
        const code = input.invite.toUpperCase();
        const joined = await joinByCodeIn(tx, { userId: created.id, code });
        // A new account trains nothing, so the only refusal left is a code that is not usable.
        if (!joined.joined) throw new AppError('not_found:invite');
      }
      return created;
    });
    // Joined through an invite: the organisation's shared scenarios are theirs to see (036).
    if (input.invite !== undefined) services.scenarioStamps.forget(row.id);
    const user: User = publicUser(row);
    // A link to confirm the address (decision 042), stored before the answer and mailed after
    // it; a failure is logged, and the account page can send the link again.
    await services.emailVerifications
      .send({ userId: row.id, email: row.email })
      .catch((error: unknown) => services.logger.warn('email_verification.not_sent', { error }));
    await startSignIn(res, user);
    sendJson(res, authApi.signUp, { user }, 201);
  });

  router.post(authApi.signIn.route, async (req, res) => {
    const input = parseInput(authApi.signIn.body, req.body);
    const attempt = { address: clientAddress(req), email: input.email };
    await throttle.beforeSignIn(attempt);
    const row = await getUserByEmail(db, { email: input.email });
    const valid = row
      ? await verifyPassword(row.passwordHash, input.password)
      : await verifyAgainstDummy(input.password);
    if (!row || !valid) {
      await throttle.signInFailed(attempt);
      throw new AppError('unauthorized:credentials');
    }
    await throttle.signInSucceeded(attempt);
    // Told only once the password was right: the refusal says nothing to someone guessing.
    if (await passwordSignInRefused(db, { userId: row.id })) {
      throw new AppError('forbidden:password_sign_in');
    }
    const user: User = publicUser(row);
    await startSignIn(res, user);
    sendJson(res, authApi.signIn, { user });
  });

  router.post(authApi.signOut.route, async (req, res) => {
    const token = readCookie(req.headers.cookie, SESSION_COOKIE);
    if (token) {
      services.signInCache.delete(signInIdFromToken(token));
      await invalidateSignIn(db, token);
    }
    clearSignInCookie(res, { name: SESSION_COOKIE, secure: config.cookieSecure });
    res.status(204).end();
  });

  router.get(authApi.me.route, requireUser(services), (_req, res) => {
    sendJson(res, authApi.me, { user: currentUser(res) });
  });

  return router;
}
