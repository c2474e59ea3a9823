import type { IncomingMessage } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import type { Config } from '../config';
import type { Db } from '../db/db';
import { AppError } from '../http/errors';
import { adoptSavedLocale } from '../i18n/localeContext';
import { readCookie, setSignInCookie } from '../http/cookies';
import type { SignInCache } from './signInCache';
import {
  SESSION_COOKIE,
  signInIdFromToken,
  validateSignInToken,
  type SignedInUser,
} from './signIns';

/** What resolving a session needs: the whole Services bag fits, and so does a test's. */
export interface SessionDeps {
  db: Db;
  signInCache: SignInCache;
  config: Pick<Config, 'signInDays' | 'cookieSecure'>;
}

/** Resolves the signed-in user from the session cookie, or null. */
export async function userFromRequest(
  services: SessionDeps,
  req: IncomingMessage,
  res?: Response,
): Promise<SignedInUser | null> {
  const token = readCookie(req.headers.cookie, SESSION_COOKIE);
  if (!token) return null;
  const cached = services.signInCache.get(signInIdFromToken(token));
  if (cached) {
    adoptSavedLocale(cached.locale);
    return cached;
  }
  const session = await validateSignInToken(services.db, {
    token,
    days: services.config.signInDays,
  });
  if (!session) return null;
  services.signInCache.set(session.signInId, session.user, session.expiresAt);
  // From here the request speaks the language they chose, if they chose one (decision 049).
  adoptSavedLocale(session.user.locale);
  if (session.renewed && res) {
    setSignInCookie(res, {
      name: SESSION_COOKIE,
      token,
      expiresAt: session.expiresAt,
      secure: services.config.cookieSecure,
    });
  }
  return session.user;
}

/** Express middleware: 401 JSON unless signed in; the user lands in res.locals.user. */
export function requireUser(services: SessionDeps) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const user = await userFromRequest(services, req, res);
    if (!user) throw new AppError('unauthorized:session');
    res.locals.user = user;
    next();
  };
}

export function currentUser(res: Response): SignedInUser {
  const user = res.locals.user as SignedInUser | undefined;
  if (!user) throw new AppError('unauthorized:session');
  return user;
}
