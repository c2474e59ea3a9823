import { describe, expect, it } from 'vitest';
import { createEmailVerifications } from '#server/auth/emailVerifications';
import { signInIdFromToken } from '#server/auth/signIns';
import { loadConfig } from '#server/config';
import { getAccount, createUser } from '#server/db/users';
import { replacePasswordReset } from '#server/db/passwordResets';
import { AppError } from '#server/http/errors';
import { createLogger } from '#server/logger';
import type { MailMessage } from '#server/mail/mailer';
import { MAIL_TEXT } from '#shared/text';
import { databaseKinds, printSkipNotice } from '../../../helpers/testDb';
import { useTestDb } from '../../../helpers/useTestServer';

printSkipNotice();

/**
 * Confirming addresses on each database: a link works once and in time, a newer one replaces
 * it, a taken address is refused, and a confirmed change stops earlier reset links working.
 */
describe.each(databaseKinds())('email verification on %s', (kind) => {
  const t = useTestDb(kind);

  const setup = (limit = 5) => {
    const sent: MailMessage[] = [];
    const mail = { ...loadConfig({ PASSWORD_RESETS_PER_HOUR: String(limit) }).mail };
    const verifications = createEmailVerifications({
      db: t.db,
      mail,
      mailer: {
        send: async (message) => void sent.push(message),
        close() {},
      },
      logger: createLogger('silent'),
    });
    /** The token of the latest link mailed to `to`, once the mail is out (after the answer). */
    const tokenTo = async (to: string) => {
      await new Promise((resolve) => setImmediate(resolve));
      const mails = sent.filter((m) => m.to === to && m.subject === MAIL_TEXT.verifySubject);
      const token = mails.at(-1)?.text.match(/verify-email\?token=([a-z2-7]{32})/)?.[1];
      expect(token, `a link mailed to ${to}`).toBeDefined();
      return token!;
    };
    return { sent, verifications, tokenTo };
  };

  const newUser = async () => {
    const email = `v${Math.random().toString(36).slice(2)}@example.com`;
    const user = await createUser(t.db, { email, fullName: 'Dr Verify', passwordHash: 'x' });
    return user!;
  };

  const codeOf = async (promise: Promise<unknown>) => {
    try {
      await promise;
      return 'ok';
    } catch (error) {
      if (error instanceof AppError) return error.code;
      throw error;
    }
  };

  it('confirms the address with a link that works once', async () => {
    const { verifications, tokenTo } = setup();
    const user = await newUser();
    expect((await getAccount(t.db, { id: user.id }))?.emailVerified).toBe(false);
    await verifications.send({ userId: user.id, email: user.email });
    const token = await tokenTo(user.email);
    expect(await verifications.confirm(token)).toEqual({ userId: user.id, email: user.email });
    expect(await getAccount(t.db, { id: user.id })).toMatchObject({
      emailVerified: true,
      pendingEmail: null,
    });
    expect(await codeOf(verifications.confirm(token))).toBe('bad_request:verify_link');
  });

  it('replaces an earlier link, and refuses one out of time', async () => {
    const { verifications, tokenTo } = setup();
    const user = await newUser();
    await verifications.send({ userId: user.id, email: user.email });
    const first = await tokenTo(user.email);
    await verifications.send({ userId: user.id, email: user.email });
    const second = await tokenTo(user.email);
    expect(second).not.toBe(first);
    expect(await codeOf(verifications.confirm(first))).toBe('bad_request:verify_link');
    await t.db.query(
      "UPDATE email_verifications SET expires_at = now() - interval '1 second' WHERE id = $1",
      [signInIdFromToken(second)],
    );
    expect(await codeOf(verifications.confirm(second))).toBe('bad_request:verify_link');
    expect((await getAccount(t.db, { id: user.id }))?.emailVerified).toBe(false);
  });

  it('changes the address only when the new one is confirmed, and tells the old one', async () => {
    const { sent, verifications, tokenTo } = setup();
    const user = await newUser();
    const next = `n${Math.random().toString(36).slice(2)}@example.com`;
    await replacePasswordReset(t.db, {
      id: 'a'.repeat(64),
      userId: user.id,
      expiresAt: new Date(Date.now() + 60_000),
    });
    await verifications.send({ userId: user.id, email: next, tellOld: user.email });
    const token = await tokenTo(next);
    const notice = sent.find((m) => m.to === user.email);
    expect(notice?.subject).toBe(MAIL_TEXT.changeNoticeSubject);
    expect(notice?.text).toContain(next);
    expect(notice?.text).not.toMatch(/token=/);
    expect(await getAccount(t.db, { id: user.id })).toMatchObject({
      email: user.email,
      pendingEmail: next,
    });
    await verifications.confirm(token);
    expect(await getAccount(t.db, { id: user.id })).toMatchObject({
      email: next,
      emailVerified: true,
      pendingEmail: null,
    });
    // A reset link mailed to the old address no longer opens the account.
    const resets = await t.db.query('SELECT 1 FROM password_resets WHERE user_id = $1', [user.id]);
    expect(resets).toHaveLength(0);
  });

  it('refuses a new address another account took meanwhile, and keeps the link', async () => {
    const { verifications, tokenTo } = setup();
    const user = await newUser();
    const next = `t${Math.random().toString(36).slice(2)}@example.com`;
    await verifications.send({ userId: user.id, email: next, tellOld: user.email });
    const token = await tokenTo(next);
    const taker = await createUser(t.db, { email: next, fullName: 'Dr Quick', passwordHash: 'x' });
    expect(taker).not.toBeNull();
    expect(await codeOf(verifications.confirm(token))).toBe('conflict:email_in_use');
    expect((await getAccount(t.db, { id: user.id }))?.email).toBe(user.email);
    await t.db.query('DELETE FROM users WHERE id = $1', [taker!.id]);
    expect(await codeOf(verifications.confirm(token))).toBe('ok');
  });

  it('sends an account at most the hourly limit of links', async () => {
    const { sent, verifications } = setup(2);
    const user = await newUser();
    await verifications.send({ userId: user.id, email: user.email });
    await verifications.send({ userId: user.id, email: user.email });
    expect(await codeOf(verifications.send({ userId: user.id, email: user.email }))).toBe(
      'rate_limit:verification',
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent.filter((m) => m.to === user.email)).toHaveLength(2);
  });
});
