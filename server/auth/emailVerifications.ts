import type { Db } from '../db/db';
import {
  replaceEmailVerification,
  setConfirmedEmail,
  takeEmailVerification,
} from '../db/emailVerifications';
import { deletePasswordResetsOfUser } from '../db/passwordResets';
import type { MailConfig } from '../config';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import { AppError } from '../http/errors';
import { getUserById } from '../db/users';
import { inRecipientLocale } from '../i18n/localeContext';
import { MAIL_TEXT } from '#shared/text';
import { generateSignInToken, signInIdFromToken } from './signIns';
import { counter } from './throttle';

/**
 * Confirming that an address is the person's (decision 042). A link goes to the address: at
 * sign-up the account's own, after a change the new one (and the old address is told). Opening
 * it makes that address the account's, confirmed. Tokens are kept as SHA-256 only, work once,
 * within `verifyMs`, and a newer link replaces an older one.
 */
export interface EmailVerifications {
  readonly hours: number;
  /**
   * Counts the send against the account's hourly limit, stores the link, and mails it after
   * the caller has answered. `tellOld` is the account's current address, told of a change.
   */
  send(input: { userId: string; email: string; tellOld?: string }): Promise<void>;
  /** Uses a link up; the account's address is now the link's, confirmed. */
  confirm(token: string): Promise<{ userId: string; email: string }>;
}

const HOUR_SECONDS = 3600;

/** A unique index refused the row (PostgreSQL, PGlite and Neon all report SQLSTATE 23505). */
function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505';
}

export function createEmailVerifications(deps: {
  db: Db;
  mail: MailConfig;
  mailer: Mailer;
  logger: Logger;
  now?: () => number;
}): EmailVerifications {
  const { db, mail, mailer, logger } = deps;
  const now = deps.now ?? Date.now;
  const sends = counter(db, 'email_verification', HOUR_SECONDS);
  const hours = Math.round(mail.verifyMs / 3_600_000);

  const later = (kind: string, to: string, subject: string, text: string) => {
    // After the answer, as for resets: a slow mail server does not hold the page up.
    setImmediate(() => {
      mailer.send({ to, subject, text }).catch((error: unknown) => {
        logger.error('mail.failed', { kind, error });
      });
    });
  };

  return {
    hours,

    async send({ userId, email, tellOld }) {
      const count = await sends.penalty(`user:${userId}`);
      if (count.consumedPoints > mail.resetsPerHour) {
        const seconds = Math.max(1, Math.ceil(count.msBeforeNext / 1000));
        throw new AppError('rate_limit:verification', undefined, seconds);
      }
      const token = generateSignInToken();
      await replaceEmailVerification(db, {
        id: signInIdFromToken(token),
        userId,
        email,
        expiresAt: new Date(now() + mail.verifyMs),
      });
      const link = `${mail.publicUrl}/verify-email?token=${token}`;
      // Both mails go to the account's person: in the language they chose, if they did.
      const saved = (await getUserById(db, { id: userId }))?.locale;
      inRecipientLocale(saved, () => {
        later(
          'email_verification',
          email,
          MAIL_TEXT.verifySubject,
          MAIL_TEXT.verifyBody(link, hours),
        );
        if (tellOld !== undefined && tellOld !== email) {
          later(
            'email_change_notice',
            tellOld,
            MAIL_TEXT.changeNoticeSubject,
            MAIL_TEXT.changeNoticeBody(email),
          );
        }
      });
    },

    async confirm(token) {
      try {
        return await db.transaction(async (tx) => {
          const found = await takeEmailVerification(tx, { id: signInIdFromToken(token) });
          if (found === null || found.expiresAt.getTime() <= now())
            throw new AppError('bad_request:verify_link');
          const set = await setConfirmedEmail(tx, { userId: found.userId, email: found.email });
          if (set === null) throw new AppError('conflict:email_in_use');
          // Reset links mailed to the address the account had stop working with it.
          await deletePasswordResetsOfUser(tx, { userId: found.userId });
          return { userId: found.userId, email: found.email };
        });
      } catch (error) {
        // Another account took the address between the check and the write.
        if (isUniqueViolation(error)) throw new AppError('conflict:email_in_use');
        throw error;
      }
    },
  };
}
