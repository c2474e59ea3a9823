import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient, uniqueEmail } from '../../../helpers/httpClient';
import { startSmtpServer, type TestSmtpServer } from '../../../helpers/smtpServer';
import { createTestDb, type TestDb } from '../../../helpers/testDb';
import { startTestServer, type TestServer } from '../../../helpers/testServer';
import { ACCOUNT_TEXT, MAIL_TEXT } from '#shared/text';

const PASSWORD = 'correct horse battery';
const VERIFY = { subject: MAIL_TEXT.verifySubject };

/**
 * The account page's routes through a real SMTP server on 127.0.0.1: confirming an address from
 * its mail, changing name, address and password, and signing out everywhere.
 */
describe('the account API', () => {
  let t: TestDb;
  let server: TestServer;
  let smtp: TestSmtpServer;
  const PUBLIC_URL = 'https://chairtalk.example.org';

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestDb('pglite');
    server = await startTestServer(t.db, {
      SMTP_URL: smtp.url,
      PUBLIC_URL,
      PASSWORD_RESETS_PER_HOUR: '3',
    });
  });
  afterAll(async () => {
    await server?.close();
    await t?.drop();
    await smtp?.close();
  });

  async function account() {
    const email = uniqueEmail('account');
    const client = new HttpClient(server.url);
    const made = await client.post('/api/auth/sign-up', {
      email,
      password: PASSWORD,
      fullName: 'Dr Account',
    });
    expect(made.status).toBe(201);
    return { email, client };
  }

  const tokenIn = (text: string) => {
    const link = text.match(/https:\/\/\S+\/verify-email\?token=([a-z2-7]{32})/);
    expect(link, text).not.toBeNull();
    expect(link![0].startsWith(`${PUBLIC_URL}/verify-email?token=`)).toBe(true);
    return link![1]!;
  };

  it('mails a link at sign-up that confirms the address once, without signing in', async () => {
    const { email, client } = await account();
    expect((await client.get('/api/account')).body.account).toMatchObject({
      email,
      fullName: 'Dr Account',
      emailVerified: false,
      pendingEmail: null,
    });
    // The signed-in user carries it too: the dashboard's reminder asks for nothing more.
    expect((await client.get('/api/auth/me')).body.user.emailVerified).toBe(false);
    const token = tokenIn((await smtp.nextMailTo(email, VERIFY)).text);
    const opened = await new HttpClient(server.url).post('/api/auth/verify-email', { token });
    expect(opened.status).toBe(200);
    expect(opened.body).toEqual({ email });
    expect((await client.get('/api/account')).body.account.emailVerified).toBe(true);
    expect((await client.get('/api/auth/me')).body.user.emailVerified).toBe(true);
    const again = await new HttpClient(server.url).post('/api/auth/verify-email', { token });
    expect(again.status).toBe(400);
    expect(again.body.error).toEqual({
      code: 'bad_request:verify_link',
      message: ACCOUNT_TEXT.verifyLinkInvalid,
    });
    // Nothing left to confirm.
    const resend = await client.post('/api/account/verification');
    expect(resend.status).toBe(409);
    expect(resend.body.error.code).toBe('conflict:verified');
  });

  it.each([
    [{ token: 'a'.repeat(32) }, 400],
    [{ token: 'not a token' }, 400],
    [{ token: 'A'.repeat(32) }, 400],
    [{}, 400],
    [{ token: 'a'.repeat(32), extra: 1 }, 400],
  ])('refuses the confirmation %j with %i', async (body, status) => {
    const answer = await new HttpClient(server.url).post('/api/auth/verify-email', body);
    expect(answer.status).toBe(status);
    expect(answer.body.error.message).toBeTruthy();
  });

  it('sends the link again, up to the hourly limit', async () => {
    const { email, client } = await account();
    await smtp.nextMailTo(email, VERIFY);
    const again = await client.post('/api/account/verification');
    expect(again.status).toBe(202);
    expect(again.body).toEqual({ email, hours: 48 });
    tokenIn((await smtp.nextMailTo(email, VERIFY)).text);
    // Sign-up's link and two more make three: the fourth is refused.
    expect((await client.post('/api/account/verification')).status).toBe(202);
    const refused = await client.post('/api/account/verification');
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate_limit:verification');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('changes the address only once the new one is confirmed, and tells the old one', async () => {
    const { email, client } = await account();
    const next = uniqueEmail('moved');
    const wrong = await client.post('/api/account/email', {
      email: next,
      currentPassword: 'not my password',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe('bad_request:current_password');
    const same = await client.post('/api/account/email', {
      email: email.toUpperCase(),
      currentPassword: PASSWORD,
    });
    expect(same.body.error.code).toBe('bad_request:same_email');
    const other = await account();
    const taken = await client.post('/api/account/email', {
      email: other.email,
      currentPassword: PASSWORD,
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('conflict:email_in_use');

    const asked = await client.post('/api/account/email', {
      email: next,
      currentPassword: PASSWORD,
    });
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ email: next, hours: 48 });
    const notice = await smtp.nextMailTo(email, { subject: MAIL_TEXT.changeNoticeSubject });
    expect(notice.text).toContain(next);
    const token = tokenIn((await smtp.nextMailTo(next, VERIFY)).text);
    expect((await client.get('/api/account')).body.account).toMatchObject({
      email,
      pendingEmail: next,
    });
    // Until the link is opened, the old address still signs in.
    expect((await client.get('/api/auth/me')).body.user.email).toBe(email);

    expect(
      (await new HttpClient(server.url).post('/api/auth/verify-email', { token })).status,
    ).toBe(200);
    expect((await client.get('/api/auth/me')).body.user.email).toBe(next);
    expect((await client.get('/api/account')).body.account).toMatchObject({
      email: next,
      emailVerified: true,
      pendingEmail: null,
    });
    const signIn = (address: string) =>
      new HttpClient(server.url).post('/api/auth/sign-in', { email: address, password: PASSWORD });
    expect((await signIn(next)).status).toBe(200);
    expect((await signIn(email)).status).toBe(401);
  });

  it('changes the password with the current one, signing out every other device', async () => {
    const { email, client } = await account();
    const other = new HttpClient(server.url);
    expect((await other.post('/api/auth/sign-in', { email, password: PASSWORD })).status).toBe(200);
    const wrong = await client.post('/api/account/password', {
      currentPassword: 'not my password',
      newPassword: 'a brand new passphrase',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe('bad_request:current_password');
    const weak = await client.post('/api/account/password', {
      currentPassword: PASSWORD,
      newPassword: 'password',
    });
    expect(weak.status).toBe(400);
    expect(weak.body.error.code).toBe('bad_request:password');

    const changed = await client.post('/api/account/password', {
      currentPassword: PASSWORD,
      newPassword: 'a brand new passphrase',
    });
    expect(changed.status).toBe(204);
    expect((await client.get('/api/auth/me')).status).toBe(200);
    expect((await other.get('/api/auth/me')).status).toBe(401);
    const signIn = (password: string) =>
      new HttpClient(server.url).post('/api/auth/sign-in', { email, password });
    expect((await signIn(PASSWORD)).status).toBe(401);
    expect((await signIn('a brand new passphrase')).status).toBe(200);
  });

  it('signs out every session, this one included', async () => {
    const { email, client } = await account();
    const other = new HttpClient(server.url);
    await other.post('/api/auth/sign-in', { email, password: PASSWORD });
    const out = await client.post('/api/account/sign-out-everywhere');
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/chairtalk_session=;/);
    expect((await client.get('/api/auth/me')).status).toBe(401);
    expect((await other.get('/api/auth/me')).status).toBe(401);
  });

  it('renames the account, and the name shows at once', async () => {
    const { client } = await account();
    const renamed = await client.post('/api/account/name', { fullName: '  Dr New Name ' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.account.fullName).toBe('Dr New Name');
    expect((await client.get('/api/auth/me')).body.user.fullName).toBe('Dr New Name');
    for (const fullName of ['', '   ', 'x'.repeat(201), 'Dr \u202Eevil', 42]) {
      const refused = await client.post('/api/account/name', { fullName });
      expect(refused.status, JSON.stringify(fullName)).toBe(400);
    }
  });

  it('answers 401 to every account route without a session', async () => {
    const nobody = new HttpClient(server.url);
    for (const [method, path] of [
      ['GET', '/api/account'],
      ['POST', '/api/account/name'],
      ['POST', '/api/account/email'],
      ['POST', '/api/account/verification'],
      ['POST', '/api/account/password'],
      ['POST', '/api/account/sign-out-everywhere'],
    ] as const) {
      const answer = await nobody.request(method, path, method === 'POST' ? {} : undefined);
      expect(answer.status, path).toBe(401);
    }
  });
});
