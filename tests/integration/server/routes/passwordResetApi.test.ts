import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient, uniqueEmail } from '../../../helpers/httpClient';
import { startSmtpServer, type TestSmtpServer } from '../../../helpers/smtpServer';
import { createTestDb, type TestDb } from '../../../helpers/testDb';
import { startTestServer, type TestServer } from '../../../helpers/testServer';
import { AUTH_TEXT, MAIL_TEXT } from '#shared/text';
import { purgeExpiredPasswordResets } from '#server/db/passwordResets';

/**
 * Password reset through a real SMTP server on 127.0.0.1: the mail a person would get, its
 * link used once, in time, and the answer to asking that says nothing about who has an account.
 */
const RESET = { subject: MAIL_TEXT.resetSubject };

describe('password reset by mail', () => {
  let t: TestDb;
  let server: TestServer;
  let smtp: TestSmtpServer;
  const PUBLIC_URL = 'https://chairtalk.example.org';

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestDb('pglite');
    server = await startTestServer(t.db, {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'ChairTalk <no-reply@chairtalk.example.org>',
      PUBLIC_URL,
      PASSWORD_RESETS_PER_HOUR: '3',
    });
  });
  afterAll(async () => {
    await server?.close();
    await t?.drop();
    await smtp?.close();
  });

  async function account(password = 'correct horse battery') {
    const email = uniqueEmail('reset');
    const client = new HttpClient(server.url);
    const made = await client.post('/api/auth/sign-up', { email, password, fullName: 'Dr Reset' });
    expect(made.status).toBe(201);
    return { email, client };
  }

  const tokenFrom = (text: string) => {
    const link = text.match(/https:\/\/\S+\/reset-password\?token=([a-z2-7]+)/);
    expect(link, text).not.toBeNull();
    return { link: link![0], token: link![1]! };
  };

  it('mails a link that works once, and ends every session of the account', async () => {
    const { email, client } = await account();
    const other = new HttpClient(server.url);
    expect(
      (await other.post('/api/auth/sign-in', { email, password: 'correct horse battery' })).status,
    ).toBe(200);

    const asked = await new HttpClient(server.url).post('/api/auth/password-reset', {
      email: email.toUpperCase(),
    });
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ minutes: 30 });
    const mail = await smtp.nextMailTo(email, RESET);
    expect(mail.subject).toBe(MAIL_TEXT.resetSubject);
    expect(mail.from).toBe('no-reply@chairtalk.example.org');
    const { link, token } = tokenFrom(mail.text);
    // The link is on the configured site, never on whatever Host the request named.
    expect(link.startsWith(`${PUBLIC_URL}/reset-password?token=`)).toBe(true);

    const reset = new HttpClient(server.url);
    const done = await reset.post('/api/auth/password-reset/confirm', {
      token,
      password: 'a brand new passphrase',
    });
    expect(done.status).toBe(204);
    // Both earlier sessions are over.
    expect((await client.get('/api/auth/me')).status).toBe(401);
    expect((await other.get('/api/auth/me')).status).toBe(401);
    // The old password no longer works; the new one does.
    expect(
      (await reset.post('/api/auth/sign-in', { email, password: 'correct horse battery' })).status,
    ).toBe(401);
    expect(
      (await reset.post('/api/auth/sign-in', { email, password: 'a brand new passphrase' })).status,
    ).toBe(200);

    const again = await new HttpClient(server.url).post('/api/auth/password-reset/confirm', {
      token,
      password: 'yet another passphrase',
    });
    expect(again.status).toBe(400);
    expect(again.body.error).toEqual({
      code: 'bad_request:reset_link',
      message: AUTH_TEXT.resetLinkInvalid,
    });
  });

  it('answers the same for an address nobody uses, and mails nothing', async () => {
    const nobody = uniqueEmail('nobody');
    const asked = await new HttpClient(server.url).post('/api/auth/password-reset', {
      email: nobody,
    });
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ minutes: 30 });
    await expect(smtp.nextMailTo(nobody, { timeoutMs: 500 })).rejects.toThrow(/no mail/);
  });

  it('refuses a link out of time, and only the latest link of an account works', async () => {
    const { email } = await account();
    const client = new HttpClient(server.url);
    await client.post('/api/auth/password-reset', { email });
    const first = tokenFrom((await smtp.nextMailTo(email, RESET)).text).token;
    await client.post('/api/auth/password-reset', { email });
    const second = tokenFrom((await smtp.nextMailTo(email, RESET)).text).token;
    const older = await client.post('/api/auth/password-reset/confirm', {
      token: first,
      password: 'a brand new passphrase',
    });
    expect(older.status).toBe(400);
    await t.db.query(`UPDATE password_resets SET expires_at = now() - interval '1 second'`);
    const late = await client.post('/api/auth/password-reset/confirm', {
      token: second,
      password: 'a brand new passphrase',
    });
    expect(late.status).toBe(400);
    expect(late.body.error.code).toBe('bad_request:reset_link');
    // A link past its time that nobody used is only a row, and the purge takes it away.
    await client.post('/api/auth/password-reset', { email });
    await smtp.nextMailTo(email, RESET);
    await t.db.query(`UPDATE password_resets SET expires_at = now() - interval '1 second'`);
    expect(await purgeExpiredPasswordResets(t.db)).toBeGreaterThanOrEqual(1);
    expect(await t.db.query('SELECT 1 FROM password_resets WHERE expires_at <= now()')).toEqual([]);
    // Nothing changed: the old password still signs in.
    expect(
      (await client.post('/api/auth/sign-in', { email, password: 'correct horse battery' })).status,
    ).toBe(200);
  });

  it('keeps the link usable when the new password is refused', async () => {
    const { email } = await account();
    const client = new HttpClient(server.url);
    await client.post('/api/auth/password-reset', { email });
    const { token } = tokenFrom((await smtp.nextMailTo(email, RESET)).text);
    const local = email.split('@')[0]!;
    const weak = await client.post('/api/auth/password-reset/confirm', {
      token,
      password: `${local}1234`,
    });
    expect(weak.status).toBe(400);
    expect(weak.body.error.code).toBe('bad_request:password');
    const ok = await client.post('/api/auth/password-reset/confirm', {
      token,
      password: 'a brand new passphrase',
    });
    expect(ok.status).toBe(204);
  });

  it('limits requests per address asked about, whether or not it has an account', async () => {
    for (const email of [(await account()).email, uniqueEmail('nobody')]) {
      const client = new HttpClient(server.url);
      for (let i = 0; i < 3; i++)
        expect((await client.post('/api/auth/password-reset', { email })).status).toBe(202);
      const over = await client.post('/api/auth/password-reset', { email });
      expect(over.status).toBe(429);
      expect(over.body.error).toEqual({
        code: 'rate_limit:password_reset',
        message: AUTH_TEXT.tooManyResets,
      });
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it.each([
    ['a malformed address', '/api/auth/password-reset', { email: 'not an address' }],
    ['an extra field', '/api/auth/password-reset', { email: 'a@example.com', admin: true }],
    [
      'a tampered token',
      '/api/auth/password-reset/confirm',
      { token: 'x'.repeat(32), password: 'a brand new passphrase' },
    ],
    [
      'a token of the wrong length',
      '/api/auth/password-reset/confirm',
      { token: 'abc', password: 'a brand new passphrase' },
    ],
    [
      'a short password',
      '/api/auth/password-reset/confirm',
      { token: 'a'.repeat(32), password: 'short' },
    ],
  ])('refuses %s with a 400 and a sentence', async (_label, path, body) => {
    const response = await new HttpClient(server.url).post(path, body);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toMatch(/^bad_request:/);
    expect(response.body.error.message.length).toBeGreaterThan(0);
  });
});

describe('password reset without SMTP_URL', () => {
  let t: TestDb;
  let server: TestServer;
  beforeAll(async () => {
    t = await createTestDb('pglite');
    server = await startTestServer(t.db);
  });
  afterAll(async () => {
    await server?.close();
    await t?.drop();
  });

  it('writes the mail, link and all, to the server log instead', async () => {
    const email = uniqueEmail('logged');
    const client = new HttpClient(server.url);
    await client.post('/api/auth/sign-up', {
      email,
      password: 'correct horse battery',
      fullName: 'Dr Log',
    });
    expect((await client.post('/api/auth/password-reset', { email })).status).toBe(202);
    const deadline = Date.now() + 5000;
    let line: string | undefined;
    while (line === undefined && Date.now() < deadline) {
      line = server.logs.find(
        (l) => l.includes('"mail.logged"') && l.includes(email) && l.includes('/reset-password'),
      );
      if (line === undefined) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(line).toBeDefined();
    const logged = JSON.parse(line!);
    expect(logged.note).toMatch(/No SMTP_URL is set/);
    expect(logged.text).toMatch(/http:\/\/localhost:0\/reset-password\?token=[a-z2-7]{32}/);
  });
});
