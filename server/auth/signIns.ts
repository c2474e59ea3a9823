import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/db';
import {
  deleteSignIn,
  extendSignIn,
  getSignInWithUser,
  insertSignIn,
  type SignedInUser,
} from '../db/signIns';

/**
 * Lucia's session pattern: the browser holds a random token; the database holds only its
 * SHA-256, so a leaked table cannot be replayed as cookies.
 */

export const SESSION_COOKIE = 'chairtalk_session';
const DAY_MS = 24 * 60 * 60 * 1000;

export function generateSignInToken(): string {
  return encodeBase32LowerCaseNoPadding(randomBytes(20));
}

export function signInIdFromToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

export type { SignedInUser };

export interface ValidatedSignIn {
  signInId: string;
  expiresAt: Date;
  user: SignedInUser;
  /** True when the expiry was pushed out and the cookie should be re-sent. */
  renewed: boolean;
}

export async function createSignIn(
  db: Queryable,
  input: { userId: string; days: number },
): Promise<{ token: string; expiresAt: Date }> {
  const token = generateSignInToken();
  const expiresAt = new Date(Date.now() + input.days * DAY_MS);
  await insertSignIn(db, { id: signInIdFromToken(token), userId: input.userId, expiresAt });
  return { token, expiresAt };
}

export async function validateSignInToken(
  db: Queryable,
  input: { token: string; days: number },
): Promise<ValidatedSignIn | null> {
  // Tokens we issue are 32 base32 characters; anything else cannot match and costs no query.
  if (!/^[a-z2-7]{32}$/.test(input.token)) return null;
  const signInId = signInIdFromToken(input.token);
  const found = await getSignInWithUser(db, { id: signInId });
  if (!found) return null;
  const now = Date.now();
  if (now >= found.expiresAt.getTime()) {
    await deleteSignIn(db, { id: signInId });
    return null;
  }
  // Sliding expiry: a session used in the second half of its life is extended to a full term.
  const halfLife = (input.days * DAY_MS) / 2;
  if (found.expiresAt.getTime() - now < halfLife) {
    const expiresAt = new Date(now + input.days * DAY_MS);
    await extendSignIn(db, { id: signInId, expiresAt });
    return { signInId, expiresAt, user: found.user, renewed: true };
  }
  return { signInId, expiresAt: found.expiresAt, user: found.user, renewed: false };
}

export async function invalidateSignIn(db: Queryable, token: string): Promise<void> {
  await deleteSignIn(db, { id: signInIdFromToken(token) });
}
