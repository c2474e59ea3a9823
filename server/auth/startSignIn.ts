import type { Response } from 'express';
import type { Config } from '../config';
import type { Queryable } from '../db/db';
import { setSignInCookie } from '../http/cookies';
import { createSignIn, SESSION_COOKIE } from './signIns';

/**
 * Signs a browser in: a new session row and its cookie. Shared by the password form and the
 * school's sign-in (decision 050), so both give the very same session.
 */
export async function startSignIn(
  deps: { db: Queryable; config: Config },
  res: Response,
  userId: string,
): Promise<void> {
  // A new token at every sign-in, so a token fixed before sign-in is never promoted.
  const { token, expiresAt } = await createSignIn(deps.db, {
    userId,
    days: deps.config.signInDays,
  });
  setSignInCookie(res, {
    name: SESSION_COOKIE,
    token,
    expiresAt,
    secure: deps.config.cookieSecure,
  });
}
