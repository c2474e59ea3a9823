import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '#shared/i18n/en';
import { es } from '#shared/i18n/es';
import { HttpClient, signedInClient, uniqueEmail } from '../../../helpers/httpClient';
import { RawSocket } from '../../../helpers/rawSocket';
import { startSmtpServer, type TestSmtpServer } from '../../../helpers/smtpServer';
import { createTestDb, databaseKinds, printSkipNotice, type TestDb } from '../../../helpers/testDb';
import { startTestServer, type TestServer } from '../../../helpers/testServer';

printSkipNotice();

const PASSWORD = 'correct horse battery';
const SPANISH = { 'accept-language': 'es-ES,es;q=0.9,en;q=0.5' };
const ENGLISH = { 'accept-language': 'en-GB,en;q=0.8' };

/**
 * The server speaks each person's language (decision 049): error sentences follow the request's
 * Accept-Language, then the signed-in user's saved language; mail follows its recipient's saved
 * language, whoever caused it. Through a real server and a real SMTP server, on every database.
 */
describe.each(databaseKinds())('the interface language on the server, on %s', (kind) => {
  let smtp: TestSmtpServer;
  let t: TestDb;
  let server: TestServer;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestDb(kind);
    server = await startTestServer(t.db, { SMTP_URL: smtp.url, AUTH_ATTEMPTS_PER_ADDRESS: '500' });
  }, 60_000);
  afterAll(async () => {
    await server?.close({ keepDb: true });
    await t?.drop();
    await smtp?.close();
  });

  const signIn = (headers: Record<string, string>) =>
    new HttpClient(server.url).request(
      'POST',
      '/api/auth/sign-in',
      { email: uniqueEmail('nobody'), password: PASSWORD },
      headers,
    );

  /** A signed-in person whose saved language is `locale`. */
  async function speaker(locale: string) {
    const email = uniqueEmail('speaker');
    const client = new HttpClient(server.url);
    const made = await client.post(
      '/api/auth/sign-up',
      { email, password: PASSWORD, fullName: 'Dr Habla' },
      ENGLISH,
    );
    expect(made.status, made.text).toBe(201);
    const saved = await client.post('/api/account/language', { locale });
    expect(saved.status, saved.text).toBe(200);
    return { client, email, account: saved.body.account };
  }

  it("answers an error in the request's Accept-Language, English when it names none we speak", async () => {
    const spanish = await signIn(SPANISH);
    expect(spanish.status).toBe(401);
    expect(spanish.body.error).toEqual({
      code: 'unauthorized:credentials',
      message: es.auth.wrongCredentials,
    });
    expect((await signIn({ 'accept-language': 'ja, zh;q=0.5' })).body.error.message).toBe(
      en.auth.wrongCredentials,
    );
    expect((await signIn({})).body.error.message).toBe(en.auth.wrongCredentials);
    // A language ready for translators shows English where a sentence is not translated yet.
    expect((await signIn({ 'accept-language': 'fr-CA' })).body.error.message).toBe(
      en.auth.wrongCredentials,
    );
    // After the body parser refused the body: the request's language holds there too.
    const badJson = await new HttpClient(server.url).request(
      'POST',
      '/api/auth/sign-in',
      '{not json',
      { ...SPANISH, 'content-type': 'application/json' },
    );
    expect(badJson.body.error).toEqual({
      code: 'bad_request:json',
      message: es.request.invalidJson,
    });
  });

  it('saves the language on the account, refuses one it does not speak, and keeps it per user', async () => {
    const { client, account } = await speaker('es');
    expect(account.locale).toBe('es');
    expect((await client.get('/api/account')).body.account.locale).toBe('es');
    expect((await client.get('/api/auth/me')).body.user.locale).toBe('es');
    const refused = await client.post('/api/account/language', { locale: 'xx' });
    expect(refused.status).toBe(400);
    expect((await client.get('/api/account')).body.account.locale).toBe('es');
    expect(
      (await new HttpClient(server.url).post('/api/account/language', { locale: 'es' })).status,
    ).toBe(401);
    const other = await signedInClient(server.url);
    expect((await other.get('/api/account')).body.account.locale).toBeNull();
  });

  it('answers a signed-in user in their saved language, whatever the browser asks for', async () => {
    const { client } = await speaker('es');
    const wrong = await client.post(
      '/api/account/email',
      { email: uniqueEmail('new'), currentPassword: 'not the password' },
      ENGLISH,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toEqual({
      code: 'bad_request:current_password',
      message: es.account.wrongCurrentPassword,
    });
  });

  it("speaks on the conversation socket in its upgrade request's language, the saved one first", async () => {
    const notJson = async (client: HttpClient, acceptLanguage: string) => {
      const scenarios = (await client.get('/api/scenarios')).body.scenarios;
      const made = await client.post('/api/conversations', { scenarioId: scenarios[0].id });
      const upgrade = await RawSocket.connect(server.url, made.body.session.id, {
        cookie: client.cookie,
        acceptLanguage,
      });
      const socket = upgrade.socket!;
      socket.send('{not json');
      const at = await socket.waitFor((frame) => frame.type === 'error');
      socket.ws.close();
      return (socket.frames[at] as { message: string }).message;
    };
    const browserOnly = await signedInClient(server.url);
    expect(await notJson(browserOnly, 'es-MX,es;q=0.9')).toBe(es.frame.notJson);
    expect(await notJson(browserOnly, 'en-US')).toBe(en.frame.notJson);
    const { client } = await speaker('es');
    expect(await notJson(client, 'en-US')).toBe(es.frame.notJson);
  });

  it("writes a person's own mail in their saved language, even when an English page asked", async () => {
    const { client, email } = await speaker('es');
    const resent = await client.post('/api/account/verification', undefined, ENGLISH);
    expect(resent.status, resent.text).toBe(202);
    const verify = await smtp.nextMailTo(email, { subject: es.mail.verifySubject });
    expect(verify.text).toContain('Confirma que esta es tu dirección para ChairTalk.');

    const reset = await new HttpClient(server.url).request(
      'POST',
      '/api/auth/password-reset',
      { email },
      ENGLISH,
    );
    expect(reset.status, reset.text).toBe(202);
    const mail = await smtp.nextMailTo(email, { subject: es.mail.resetSubject });
    expect(mail.text).toContain('Alguien (esperamos que tú) ha pedido restablecer la contraseña');
  });

  it("mails an invite in each recipient's saved language, and in the trainer's to unknown addresses", async () => {
    const trainer = await signedInClient(server.url, 'Dr Lecturer');
    const me = (await trainer.get('/api/account')).body.account;
    await t.db.query('UPDATE users SET email_verified_at = now() WHERE id = $1', [me.id]);
    const org = await trainer.post('/api/organisations', { name: 'Molar University' });
    const cohort = await trainer.post(`/api/organisations/${org.body.id}/cohorts`, { name: 'Y2' });
    const invite = await trainer.post(`/api/organisations/cohorts/${cohort.body.id}/invites`, {});
    const spanish = await speaker('es');
    const stranger = uniqueEmail('stranger');
    const sent = await trainer.post(
      `/api/organisations/invites/${invite.body.id}/email`,
      { emails: [`${spanish.email}, ${stranger}`] },
      ENGLISH,
    );
    expect(sent.status, sent.text).toBe(202);

    const toSpanish = await smtp.nextMailTo(spanish.email, {
      subject: 'Dr Lecturer te invita a practicar con Molar University en ChairTalk',
    });
    expect(toSpanish.text).toContain('Para unirte, abre este enlace antes del');
    // The expiry date is written the Spanish way ("5 de enero de 2026, 14:00 UTC").
    expect(toSpanish.text).toMatch(/antes del \d{1,2} de [a-z]+ de \d{4}, \d{1,2}:\d{2} UTC:/);
    const toStranger = await smtp.nextMailTo(stranger, {
      subject: 'Dr Lecturer invited you to practise with Molar University on ChairTalk',
    });
    expect(toStranger.text).toMatch(/To join, open this link by [A-Z][a-z]+ \d{1,2}, \d{4}, /);
  });
});
