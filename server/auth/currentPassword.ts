import type { Request } from 'express';
import type { Db } from '../db/db';
import { signedInWithin } from '../db/signIns';
import { getUserById } from '../db/users';
import { clientAddress } from '../http/clientAddress';
import { AppError } from '../http/errors';
import { verifyPassword } from './passwords';
import type { AuthThrottle } from './throttle';

/**
 * The signed-in account's row, once its password has been typed again: a session left open
 * must not be enough to change the address, the password, or to delete the account. Wrong
 * passwords count as failed sign-ins of the address, so this is no easier a way to guess one
 * than the sign-in form. One error for every form that asks (400, not 401: the session is
 * fine, and a 401 would sign the page out).
 */
export async function confirmCurrentPassword(
  deps: { db: Db; throttle: AuthThrottle },
  req: Request,
  userId: string,
  password: string,
) {
  const row = await getUserById(deps.db, { id: userId });
  // Deleted between the session check and here: as signed out.
  if (row === null) throw new AppError('unauthorized:session');
  const attempt = { address: clientAddress(req), email: row.email };
  await deps.throttle.beforeSignIn(attempt);
  if (!(await verifyPassword(row.passwordHash, password))) {
    await deps.throttle.signInFailed(attempt);
    throw new AppError('bad_request:current_password');
  }
  await deps.throttle.signInSucceeded(attempt);
  return row;
}

/** How recent a sign-in proves an account without a password is still its owner's. */
export const RECENT_SIGN_IN_SECONDS = 10 * 60;

/**
 * confirmCurrentPassword for an action any account may take (deleting it): an account with a
 * password types it again; one without (single sign-on, an LMS launch) has none to type, so
 * its proof is a sign-in through the school in the last ten minutes, on this very session.
 */
export async function confirmAccountOwner(
  deps: { db: Db; throttle: AuthThrottle },
  req: Request,
  input: { userId: string; signInId: string; password: string | undefined },
) {
  const row = await getUserById(deps.db, { id: input.userId });
  if (row === null) throw new AppError('unauthorized:session');
  if (row.passwordHash !== null) {
    if (input.password === undefined) throw new AppError('bad_request:current_password');
    return confirmCurrentPassword(deps, req, input.userId, input.password);
  }
  const recent = await signedInWithin(deps.db, {
    id: input.signInId,
    seconds: RECENT_SIGN_IN_SECONDS,
  });
  if (!recent) throw new AppError('forbidden:sign_in_again');
  return row;
}
