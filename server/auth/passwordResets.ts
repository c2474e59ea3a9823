import { passwordSignInRefused } from '../db/passwordSignIn';
import type { Db } from '../db/db';
import { getUserByEmail, getUserById } from '../db/users';
import {
  deleteSignInsOfUser,
  replacePasswordReset,
  setUserPassword,
  takePasswordReset,
} from '../db/passwordResets';
import type { MailConfig } from '../config';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import { AppError } from '../http/errors';
import { inRecipientLocale } from '../i18n/localeContext';
import { MAIL_TEXT } from '#shared/text';
import { generateSignInToken, signInIdFromToken } from './signIns';
import { counter } from './throttle';

/**
 * Password reset by mail. The link's token is random and only its SHA-256 is stored (as for
 * sessions); it works once, within `resetMs`, and using it ends every session of the account.
 * Asking answers the same whether or not an account uses the address, and the mail goes out
 * after the answer, so neither the words nor the time of the answer tell accounts apart.
 * Requests are counted per address asked about and per network address, in the database, so
 * the limits hold across instances.
 */
export interface PasswordResets {
  /** Counts the request, then mails a link if an account uses the address. */
  request(input: { email: string; networkAddress: string }): Promise<void>;
  /**
   * Uses a link up and sets the password `hashFor` gives for the account's address (it may
   * refuse the password by throwing, and the link then stays usable). Returns the account's id,
   * for its cached sessions.
   */
  reset(input: {
    token: string;
    hashFor: (email: string) => Promise<string>;
  }): Promise<{ userId: string }>;
}

const HOUR_SECONDS = 3600;
/** A network address (a school's shared one among them) may ask for this many accounts' links. */
const PER_NETWORK_ADDRESS_FACTOR = 10;

export function createPasswordResets(deps: {
  db: Db;
  mail: MailConfig;
  mailer: Mailer;
  logger: Logger;
  now?: () => number;
}): PasswordResets {
  const { db, mail, mailer, logger } = deps;
  const now = deps.now ?? Date.now;
  const requests = counter(db, 'password_reset', HOUR_SECONDS);
  const minutes = Math.round(mail.resetMs / 60_000);

  const tooMany = (msBeforeNext: number) =>
    new AppError(
      'rate_limit:password_reset',
      undefined,
      Math.max(1, Math.ceil(msBeforeNext / 1000)),
    );

  return {
    async request({ email, networkAddress }) {
      const [byEmail, byNetwork] = await Promise.all([
        requests.penalty(`email:${email}`),
        requests.penalty(`address:${networkAddress}`),
      ]);
      if (byEmail.consumedPoints > mail.resetsPerHour) throw tooMany(byEmail.msBeforeNext);
      if (byNetwork.consumedPoints > mail.resetsPerHour * PER_NETWORK_ADDRESS_FACTOR)
        throw tooMany(byNetwork.msBeforeNext);
      const user = await getUserByEmail(db, { email });
      if (user === null || user === undefined) return;
      // An organisation that signs its people in through the school only: no password to set,
      // so no mail (the answer stays the one for any address).
      if (await passwordSignInRefused(db, { userId: user.id })) return;
      const token = generateSignInToken();
      await replacePasswordReset(db, {
        id: signInIdFromToken(token),
        userId: user.id,
        expiresAt: new Date(now() + mail.resetMs),
      });
      const link = `${mail.publicUrl}/reset-password?token=${token}`;
      // In the account's own language if it chose one, else the asking page's (decision 049).
      const message = inRecipientLocale(user.locale, () => ({
        to: user.email,
        subject: MAIL_TEXT.resetSubject,
        text: MAIL_TEXT.resetBody(link, minutes),
      }));
      // After the answer: a slow mail server must not make known addresses answer slower.
      setImmediate(() => {
        mailer
          .send(message)
          .catch((error: unknown) =>
            logger.error('mail.failed', { kind: 'password_reset', error }),
          );
      });
    },

    async reset({ token, hashFor }) {
      return db.transaction(async (tx) => {
        const found = await takePasswordReset(tx, { id: signInIdFromToken(token) });
        if (found === null || found.expiresAt.getTime() <= now())
          throw new AppError('bad_request:reset_link');
        const account = await getUserById(tx, { id: found.userId });
        if (account === null) throw new AppError('bad_request:reset_link');
        // A link mailed before the organisation turned passwords off is no way around it.
        if (await passwordSignInRefused(tx, { userId: account.id }))
          throw new AppError('forbidden:password_sign_in');
        // A refused password throws here, and the transaction gives the link back.
        const passwordHash = await hashFor(account.email);
        await setUserPassword(tx, { userId: found.userId, passwordHash });
        await deleteSignInsOfUser(tx, { userId: found.userId });
        return { userId: found.userId };
      });
    },
  };
}
