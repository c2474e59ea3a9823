import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { TestDb } from '../../../helpers/testDb';
import { startTestServer, type TestServer } from '../../../helpers/testServer';
import { useTestServer } from '../../../helpers/useTestServer';
import { HttpClient, signedInClient, uniqueEmail } from '../../../helpers/httpClient';
import { RawSocket } from '../../../helpers/rawSocket';
import { listApiRoutes } from '../../../helpers/apiRoutes';
import { customSeed } from '../../../helpers/customScenario';
import { startOidcProvider } from '../../../fixtures/oidcProvider';
import { insertDeepLink } from '#server/db/ltiDeepLinks';

/** A browser's offer, as the Realtime engine posts it. */
const SDP_OFFER =
  'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\n';

/**
 * The headers that keep the built app strict (CSP, nosniff, HSTS in production), the session
 * cookie's attributes, and the same-origin rule for every state-changing request and for the
 * conversation socket.
 */

type Csp = Map<string, string[]>;

function parseCsp(header: string | null): Csp {
  const csp: Csp = new Map();
  for (const directive of (header ?? '').split(';')) {
    const [name, ...values] = directive.trim().split(/\s+/);
    if (name) csp.set(name.toLowerCase(), values);
  }
  return csp;
}

function cookieAttributes(setCookie: string): Map<string, string> {
  const [, ...attributes] = setCookie.split(';');
  return new Map(
    attributes.map((attribute) => {
      const [name, value = ''] = attribute.trim().split('=');
      return [name!.toLowerCase(), value] as const;
    }),
  );
}

const count = async (t: TestDb, table: string) =>
  (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;

/** A trainer's course: an organisation, a cohort and an invite. */
async function buildCourse(client: HttpClient) {
  const org = (await client.post('/api/organisations', { name: 'School' })).body.id as string;
  const cohort = (await client.post(`/api/organisations/${org}/cohorts`, { name: 'Year 1' })).body
    .id as string;
  const invite = (await client.post(`/api/organisations/cohorts/${cohort}/invites`, {})).body;
  return { org, cohort, invite: invite as { id: string; code: string } };
}

/** A platform registration's fields (decision 051), under a fresh issuer each time. */
function platformFields() {
  const issuer = `https://lms-${randomUUID().slice(0, 8)}.example`;
  return {
    issuer,
    clientId: 'client',
    authUrl: `${issuer}/auth`,
    jwksUrl: `${issuer}/jwks`,
    tokenUrl: `${issuer}/token`,
    deploymentIds: ['1'],
  };
}

/** A registered platform of a new organisation of this trainer's. */
async function registeredPlatform(client: HttpClient) {
  const { org } = await buildCourse(client);
  const made = await client.post(`/api/organisations/${org}/lti/platforms`, platformFields());
  return made.body.id as string;
}

/** One request per organisation route, for the no-store check. */
async function courseRequests(client: HttpClient, scenarioId: string) {
  const { org, cohort, invite } = await buildCourse(client);
  // The deletes take a course of their own, so the other requests still find theirs.
  const doomed = await buildCourse(client);
  const base = '/api/organisations';
  return {
    'POST /api/organisations/:id/name': () => client.post(`${base}/${org}/name`, { name: 'New' }),
    'POST /api/organisations/:id/password-sign-in': () =>
      client.post(`${base}/${org}/password-sign-in`, { allowed: true }),
    'DELETE /api/organisations/:id': () => client.request('DELETE', `${base}/${doomed.org}`),
    'POST /api/organisations/cohorts/:id/name': () =>
      client.post(`${base}/cohorts/${cohort}/name`, { name: 'Year 9' }),
    'DELETE /api/organisations/cohorts/:id': () =>
      client.request('DELETE', `${base}/cohorts/${doomed.cohort}`),
    // Nobody in the cohort: refused with 404, and still not kept by any cache.
    'DELETE /api/organisations/cohorts/:id/members/:userId': () =>
      client.request('DELETE', `${base}/cohorts/${cohort}/members/${org}`),
    'GET /api/organisations/cohorts/:id/members/:userId': () =>
      client.get(`${base}/cohorts/${cohort}/members/${org}`),
    // No co-instructor of that id: refused with 404, and still not kept by any cache.
    'DELETE /api/organisations/cohorts/:id/instructors/:userId': () =>
      client.request('DELETE', `${base}/cohorts/${cohort}/instructors/${org}`),
    'GET /api/organisations/cohorts/:id/summary': () =>
      client.get(`${base}/cohorts/${cohort}/summary`),
    'GET /api/organisations': () => client.get(base),
    'POST /api/organisations': () => client.post(base, { name: 'Another' }),
    'GET /api/organisations/assignments': () => client.get(`${base}/assignments`),
    // The trainer's own code: refused with 409, and still not kept by any cache.
    'POST /api/organisations/join': () => client.post(`${base}/join`, { code: invite.code }),
    'POST /api/organisations/:id/cohorts': () =>
      client.post(`${base}/${org}/cohorts`, { name: 'Year 2' }),
    'POST /api/organisations/:id/leave': () => client.post(`${base}/${org}/leave`),
    'POST /api/organisations/cohorts/:id/invites': () =>
      client.post(`${base}/cohorts/${cohort}/invites`, {}),
    'POST /api/organisations/invites/:id/revoke': () =>
      client.post(`${base}/invites/${invite.id}/revoke`),
    'POST /api/organisations/cohorts/:id/assignments': () =>
      client.post(`${base}/cohorts/${cohort}/assignments`, { scenarioId }),
    // Not an assignment's id: refused with 404, and still not kept by any cache.
    'DELETE /api/organisations/assignments/:id': () =>
      client.request('DELETE', `${base}/assignments/${cohort}`),
    'POST /api/organisations/conversations/:id/override': () =>
      client.post(`${base}/conversations/${cohort}/override`, { score: 5, comment: 'Fine' }),
    // Not a member's conversation: refused with 404, and still not kept by any cache.
    'GET /api/organisations/conversations/:id': () => client.get(`${base}/conversations/${cohort}`),
    'POST /api/organisations/conversations/:id/comments': () =>
      client.post(`${base}/conversations/${cohort}/comments`, {
        messageId: cohort,
        comment: 'Fine',
      }),
    'GET /api/organisations/cohorts/:id/export': () =>
      client.get(`${base}/cohorts/${cohort}/export`),
    'GET /api/organisations/cohorts/:id/table': () => client.get(`${base}/cohorts/${cohort}/table`),
    // From an unconfirmed address: refused with 403, and still not kept by any cache.
    'POST /api/organisations/invites/:id/email': () =>
      client.post(`${base}/invites/${invite.id}/email`, { emails: ['someone@example.com'] }),
    'GET /api/organisations/cohorts/:id/reminders': () =>
      client.get(`${base}/cohorts/${cohort}/reminders`),
    'POST /api/organisations/cohorts/:id/reminders': () =>
      client.post(`${base}/cohorts/${cohort}/reminders`, { hoursBefore: 48 }),
    'GET /api/organisations/:id/lti': () => client.get(`${base}/${org}/lti`),
    'GET /api/organisations/cohorts/:id/lti/passbacks': () =>
      client.get(`${base}/cohorts/${cohort}/lti/passbacks`),
    // Nothing failed to send: refused with 404, and still not kept by any cache.
    'POST /api/organisations/cohorts/:id/lti/passbacks/resend': () =>
      client.post(`${base}/cohorts/${cohort}/lti/passbacks/resend`, {
        assignmentId: cohort,
        userId: org,
      }),
    // A cohort without an LMS course: refused with 409, and still not kept by any cache.
    'POST /api/organisations/cohorts/:id/lti/roster/sync': () =>
      client.post(`${base}/cohorts/${cohort}/lti/roster/sync`),
    'POST /api/organisations/:id/lti/platforms': () =>
      client.post(`${base}/${org}/lti/platforms`, platformFields()),
    'POST /api/organisations/lti/platforms/:id': async () => {
      const { issuer: _issuer, clientId: _clientId, ...update } = platformFields();
      return client.post(`${base}/lti/platforms/${await registeredPlatform(client)}`, update);
    },
    'DELETE /api/organisations/lti/platforms/:id': async () =>
      client.request('DELETE', `${base}/lti/platforms/${await registeredPlatform(client)}`),
  };
}

// A school sign-in that answers (decision 050), so linking one (its addendum) really begins.
const campus = await startOidcProvider({
  redirectUris: ['http://chairtalk.test/api/auth/sso/campus/callback'],
});
afterAll(() => campus.close());

describe('security headers, cookies and the same-origin rule', () => {
  /** NODE_ENV=test, production, and test with COOKIE_SECURE=true, over one database. */
  const {
    server: dev,
    testDb: t,
    build,
  } = useTestServer('pglite', {
    clientBuild: { label: 'headers' },
    env: { PUBLIC_URL: 'http://chairtalk.test', ...campus.env('campus', 'Campus') },
    // Every case signs someone up (deleting an account checks a password), all from this one
    // address: more than the address's default sign-in budget, which is not what this suite is
    // about (its own tests are in tests/integration/server/auth).
    start: { throttle: { attemptsPerAddress: 500 } },
  });
  let prod: TestServer;
  let secureCookie: TestServer;

  /**
   * A deep-linking request (decision 051) waiting for a trainer of its own (the shared one's
   * organisations are counted): their course, a registered platform, the kept request.
   */
  const deepLink = async () => {
    const trainer = await signedInClient(dev.url);
    const { org, cohort } = await buildCourse(trainer);
    const fields = platformFields();
    const platform = (await trainer.post(`/api/organisations/${org}/lti/platforms`, fields)).body
      .id as string;
    const userId = (await trainer.get('/api/auth/me')).body.user.id as string;
    const id = await insertDeepLink(t.db, {
      platformId: platform,
      deploymentId: '1',
      cohortId: cohort,
      userId,
      settings: {
        deep_link_return_url: `${fields.issuer}/lms/deep-link-return?course=1`,
        accept_types: ['ltiResourceLink'],
        accept_presentation_document_targets: ['window'],
      },
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const scenarioId = (await trainer.get('/api/scenarios')).body.scenarios[0].id as string;
    return { trainer, id, issuer: fields.issuer, scenarioId };
  };

  beforeAll(async () => {
    const options = { clientDir: build.dir };
    prod = await startTestServer(t.db, { NODE_ENV: 'production' }, options);
    secureCookie = await startTestServer(t.db, { COOKIE_SECURE: 'true' }, options);
  });
  afterAll(async () => {
    await Promise.all([prod?.close(), secureCookie?.close()]);
  });

  describe('Content-Security-Policy', () => {
    it.each(['/', '/progress', '/scenarios/some-scenario'])(
      'is strict on the page at %s, in development and production',
      async (path) => {
        for (const server of [dev, prod]) {
          const response = await fetch(server.url + path);
          expect(response.status).toBe(200);
          expect(response.headers.get('content-type')).toMatch(/^text\/html/);
          const csp = parseCsp(response.headers.get('content-security-policy'));
          expect(csp.get('default-src')).toEqual(["'self'"]);
          expect(csp.get('object-src')).toEqual(["'none'"]);
          expect(csp.get('base-uri')).toEqual(["'none'"]);
          expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
          const scriptSrc = csp.get('script-src') ?? [];
          expect(scriptSrc).toContain("'self'");
          // The VAD runs onnxruntime's WebAssembly: compiling wasm is allowed, eval is not.
          expect(scriptSrc).toContain("'wasm-unsafe-eval'");
          for (const loose of [
            "'unsafe-eval'",
            "'unsafe-inline'",
            '*',
            'data:',
            'http:',
            'https:',
          ]) {
            expect(scriptSrc).not.toContain(loose);
          }
          // ...and only there.
          for (const [name, values] of csp) {
            if (name !== 'script-src') expect(values, name).not.toContain("'wasm-unsafe-eval'");
          }
        }
      },
    );

    it('is one the built page can live with: no inline script, handler or style', async () => {
      const html = await readFile(`${build.dir}/index.html`, 'utf8');
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
      expect(scripts.length).toBeGreaterThan(0);
      for (const [, attributes, body] of scripts) {
        expect(attributes).toMatch(/\ssrc="\/[^/]/);
        expect(body!.trim()).toBe('');
      }
      expect(html).not.toMatch(/\son[a-z]+\s*=/i);
      expect(html).not.toMatch(/<style\b|\sstyle\s*=/i);
    });
  });

  it('lets the deep-linking posting page post to its return URL’s origin only, and nothing else', async () => {
    for (const server of [dev, prod]) {
      const { trainer, id, issuer } = await deepLink();
      const cancelled = await trainer.post(`/api/lti/deep-links/${id}/cancel`);
      expect(cancelled.status).toBe(200);
      const page = await fetch(server.url + cancelled.body.sendUrl, {
        headers: { cookie: trainer.cookie! },
      });
      expect(page.status).toBe(200);
      expect(page.headers.get('cache-control')).toBe('no-store');
      expect(page.headers.get('x-content-type-options')).toBe('nosniff');
      const csp = parseCsp(page.headers.get('content-security-policy'));
      expect(csp.get('form-action')).toEqual([issuer]);
      expect(csp.get('default-src')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'none'"]);
      const html = await page.text();
      const nonce = /<script nonce="([^"]+)">/.exec(html)?.[1];
      expect(nonce).toMatch(/^[A-Za-z0-9+/=]{16,}$/);
      expect(csp.get('script-src')).toEqual([`'nonce-${nonce}'`]);
      expect(html).not.toMatch(/\son[a-z]+\s*=/i);
      // Taken once: again (a reload, the history), a page that posts nowhere.
      const again = await fetch(server.url + cancelled.body.sendUrl, {
        headers: { cookie: trainer.cookie! },
      });
      expect(again.status).toBe(404);
      expect(parseCsp(again.headers.get('content-security-policy')).get('form-action')).toEqual([
        "'none'",
      ]);
    }
  });

  it('sends nosniff on the page, its assets, API answers and API errors', async () => {
    const script = build.files.find((f) => f.endsWith('.js'))!;
    for (const path of [
      '/',
      `/assets/${basename(script)}`,
      '/api/health',
      '/api/nope',
      '/api/auth/me',
    ]) {
      const response = await fetch(dev.url + path);
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
  });

  describe('personal answers are never stored by a browser or proxy', () => {
    /** A request per API route, made as a signed-in user who owns a conversation. */
    const requestFor = async (client: HttpClient, conversationId: string, scenarioId: string) => {
      const own = (await client.post('/api/authoring/scenarios', { scenario: customSeed() })).body
        .summary.id as string;
      return {
        'GET /api/authoring/scenarios': () => client.get('/api/authoring/scenarios'),
        'GET /api/authoring/scenarios/:id': () => client.get(`/api/authoring/scenarios/${own}`),
        'GET /api/authoring/scenarios/export': () =>
          client.get(`/api/authoring/scenarios/export?ids=${own}`),
        'POST /api/authoring/scenarios': () =>
          client.post('/api/authoring/scenarios', { scenario: customSeed() }),
        'POST /api/authoring/scenarios/:id': () =>
          client.post(`/api/authoring/scenarios/${own}`, { scenario: customSeed() }),
        'POST /api/authoring/scenarios/:id/duplicate': () =>
          client.post(`/api/authoring/scenarios/${own}/duplicate`),
        'POST /api/authoring/scenarios/import': () =>
          client.post('/api/authoring/scenarios/import', { scenarios: [customSeed()] }),
        // Offline here: refused with 422, and still not kept by any cache.
        'POST /api/authoring/scenarios/:id/translate': () =>
          client.post(`/api/authoring/scenarios/${own}/translate`, { language: 'es' }),
        // Last of the authoring ones: the others use the scenario it deletes.
        'DELETE /api/authoring/scenarios/:id': () =>
          client.request('DELETE', `/api/authoring/scenarios/${own}`),
        ...(await courseRequests(client, scenarioId)),
        'GET /api/lti/deep-links/:id': async () => {
          const made = await deepLink();
          return made.trainer.get(`/api/lti/deep-links/${made.id}`);
        },
        'POST /api/lti/deep-links/:id': async () => {
          const made = await deepLink();
          return made.trainer.post(`/api/lti/deep-links/${made.id}`, {
            scenarioId: made.scenarioId,
          });
        },
        'POST /api/lti/deep-links/:id/cancel': async () => {
          const made = await deepLink();
          return made.trainer.post(`/api/lti/deep-links/${made.id}/cancel`);
        },
        'GET /api/health': () => client.get('/api/health'),
        'GET /api/auth/me': () => client.get('/api/auth/me'),
        'GET /api/account': () => client.get('/api/account'),
        'GET /api/auth/sso/providers': () => client.get('/api/auth/sso/providers'),
        // Linking: a flow begins (200); this account is linked nowhere, so unlinking is a 404.
        // (Its own client: the flow's cookie would take the session's place in this one's jar.)
        'POST /api/auth/sso/:provider/link': () => {
          const linking = new HttpClient(dev.url);
          linking.cookie = client.cookie;
          return linking.post('/api/auth/sso/campus/link');
        },
        'DELETE /api/auth/sso/:provider/link': () =>
          client.request('DELETE', '/api/auth/sso/campus/link'),
        // `school` is no provider of this server: unknown (404), and still not kept by any cache.
        'GET /api/auth/sso/:provider/start': () =>
          new HttpClient(dev.url).get('/api/auth/sso/school/start'),
        'GET /api/auth/sso/:provider/callback': () =>
          new HttpClient(dev.url).get('/api/auth/sso/school/callback?state=x'),
        'POST /api/account/name': () => client.post('/api/account/name', { fullName: 'Dr Kept' }),
        'POST /api/account/email': () =>
          client.post('/api/account/email', {
            email: uniqueEmail('nostore'),
            currentPassword: 'not the password',
          }),
        'POST /api/account/verification': () => client.post('/api/account/verification'),
        'POST /api/account/language': () => client.post('/api/account/language', { locale: 'en' }),
        'POST /api/account/password': () =>
          client.post('/api/account/password', {
            currentPassword: 'not the password',
            newPassword: 'a brand new passphrase',
          }),
        'POST /api/account/sign-out-everywhere': async () =>
          (await signedInClient(dev.url)).post('/api/account/sign-out-everywhere'),
        'POST /api/auth/verify-email': () =>
          new HttpClient(dev.url).post('/api/auth/verify-email', { token: 'a'.repeat(32) }),
        'GET /api/account/export': () => client.get('/api/account/export'),
        'GET /api/account/recordings': () => client.get('/api/account/recordings'),
        'POST /api/account/recordings': () =>
          client.post('/api/account/recordings', { keepRecordings: true }),
        // Another account of its own: the one signed in here is needed by the other requests.
        'DELETE /api/account': async () => {
          const leaving = await signedInClient(dev.url, 'Dr Leaving');
          return leaving.request('DELETE', '/api/account', { password: 'correct horse battery' });
        },
        'DELETE /api/conversations/:id': () =>
          client.request('DELETE', `/api/conversations/${conversationId}`),
        'GET /api/progress': () => client.get('/api/progress'),
        'GET /api/history': () => client.get('/api/history'),
        'GET /api/scenarios/:id': () => client.get(`/api/scenarios/${scenarioId}`),
        'GET /api/conversations/:id': () => client.get(`/api/conversations/${conversationId}`),
        'POST /api/conversations': () => client.post('/api/conversations', { scenarioId }),
        'POST /api/conversations/:id/hint': () =>
          client.post(`/api/conversations/${conversationId}/hint`),
        'POST /api/conversations/:id/end': () =>
          client.post(`/api/conversations/${conversationId}/end`),
        'GET /api/conversations/:id/messages/:messageId/audio': () =>
          client.get(`/api/conversations/${conversationId}/messages/${conversationId}/audio`),
        'POST /api/conversations/:id/branches': () =>
          client.post(`/api/conversations/${conversationId}/branches`, { messageId: 'none' }),
        // Not an SDP offer: refused with 415, and still not kept by any cache.
        'POST /api/conversations/:id/realtime': () =>
          client.post(`/api/conversations/${conversationId}/realtime`),
        'DELETE /api/conversations/:id/realtime': () =>
          client.request('DELETE', `/api/conversations/${conversationId}/realtime`),
        'POST /api/auth/sign-in': () =>
          new HttpClient(dev.url).post('/api/auth/sign-in', {
            email: 'nobody@example.com',
            password: 'correct horse battery',
          }),
        'POST /api/auth/sign-up': () =>
          new HttpClient(dev.url).post('/api/auth/sign-up', {
            email: uniqueEmail('nostore'),
            password: 'correct horse battery',
            fullName: 'Dr No Store',
          }),
        'POST /api/auth/sign-out': () => new HttpClient(dev.url).post('/api/auth/sign-out'),
        'POST /api/auth/password-reset': () =>
          new HttpClient(dev.url).post('/api/auth/password-reset', {
            email: uniqueEmail('nostore'),
          }),
        'POST /api/auth/password-reset/confirm': () =>
          new HttpClient(dev.url).post('/api/auth/password-reset/confirm', {
            token: 'a'.repeat(32),
            password: 'correct horse battery',
          }),
      };
    };

    it('sends Cache-Control: no-store on every API answer but the shared scenario list', async () => {
      const client = await signedInClient(dev.url);
      const scenarios = (await client.get('/api/scenarios')).body.scenarios;
      const created = await client.post('/api/conversations', { scenarioId: scenarios[5].id });
      const requests = await requestFor(client, created.body.session.id, scenarios[5].id);
      const routes = listApiRoutes(dev.services).filter((r) => r !== 'GET /api/scenarios');
      expect(Object.keys(requests).sort()).toEqual(routes);
      for (const [route, send] of Object.entries(requests)) {
        const response = await send();
        expect(response.status, route).toBeLessThan(500);
        expect(response.headers.get('cache-control'), route).toBe('no-store');
      }
      // Errors too: a 401 and an unknown route.
      for (const path of ['/api/auth/me', '/api/nope']) {
        const response = await new HttpClient(dev.url).get(path);
        expect(response.headers.get('cache-control'), path).toBe('no-store');
      }
      // The scenario list (shipped plus the user's own) is revalidated by its per-user ETag.
      const list = await client.get('/api/scenarios');
      expect(list.headers.get('cache-control')).toBe('private, no-cache');
    });
  });

  it('allows the microphone for this origin only (Permissions-Policy)', async () => {
    for (const server of [dev, prod]) {
      for (const path of ['/', '/login', '/api/health']) {
        const header = (await fetch(server.url + path)).headers.get('permissions-policy') ?? '';
        const policy = new Map(
          header
            .split(',')
            .map((entry) => entry.trim().split('='))
            .map(([name, value]) => [name!, value ?? ''] as const),
        );
        expect(policy.get('microphone'), path).toBe('(self)');
        for (const off of ['camera', 'geolocation', 'payment', 'usb', 'display-capture']) {
          expect(policy.get(off), `${path} ${off}`).toBe('()');
        }
      }
    }
  });

  it('sends HSTS in production only', async () => {
    for (const path of ['/', '/api/health']) {
      expect((await fetch(dev.url + path)).headers.get('strict-transport-security')).toBeNull();
      expect(
        (await fetch(secureCookie.url + path)).headers.get('strict-transport-security'),
      ).toBeNull();
      const hsts = (await fetch(prod.url + path)).headers.get('strict-transport-security') ?? '';
      const maxAge = Number(/max-age=(\d+)/.exec(hsts)?.[1] ?? 0);
      // At least 180 days, the usual floor for HSTS to count.
      expect(maxAge).toBeGreaterThanOrEqual(15_552_000);
      expect(hsts).toMatch(/includeSubDomains/i);
    }
  });

  it.each([
    ['development', () => dev, false],
    ['production', () => prod, true],
    ['COOKIE_SECURE=true', () => secureCookie, true],
  ] as const)(
    'sets the session cookie HttpOnly, SameSite=Lax (%s)',
    async (_name, server, secure) => {
      const client = new HttpClient(server().url);
      const signUp = await client.post('/api/auth/sign-up', {
        email: uniqueEmail('cookie'),
        password: 'correct horse battery',
        fullName: 'Dr Cookie',
      });
      expect(signUp.status).toBe(201);
      const signOut = await client.post('/api/auth/sign-out');
      expect(signOut.status).toBe(204);
      for (const response of [signUp, signOut]) {
        const cookies = response.headers.getSetCookie();
        expect(cookies).toHaveLength(1);
        const attributes = cookieAttributes(cookies[0]!);
        expect(attributes.has('httponly')).toBe(true);
        expect(attributes.get('samesite')?.toLowerCase()).toBe('lax');
        expect(attributes.get('path')).toBe('/');
        expect(attributes.has('secure')).toBe(secure);
      }
    },
  );

  describe('requests from another site', () => {
    const ORIGINS = (url: string) => {
      const port = new URL(url).port;
      return [
        'https://evil.example',
        'null',
        `http://127.0.0.1:${Number(port) + 1}`,
        `http://localhost:${port}`,
      ];
    };

    interface Case {
      /** Path, body and cookie of a request that would succeed from the app's own origin. */
      prepare(): Promise<{ path: string; body: unknown; cookie: string | null }>;
      /** What the request would change; equal before and after a refused request. */
      state(prepared: { path: string; cookie: string | null }): Promise<unknown>;
      /** Status from the app's own origin, proving the refused request would have done something. */
      control: number;
      method?: 'POST' | 'DELETE';
      /** The body's type when it is not JSON (an SDP offer). */
      contentType?: string;
      /**
       * The request changes nothing here even from the app's own origin (a hint; a Realtime call
       * on a server without one): the control status alone shows it got past the origin check.
       */
      changesNothing?: true;
    }

    const scenarioId = async (client: HttpClient, index: number) =>
      (await client.get('/api/scenarios')).body.scenarios[index].id as string;
    /** A new account, and a client that made it: where a password reset starts. */
    const signedOutAccount = async (prefix: string) => {
      const client = new HttpClient(dev.url);
      const email = uniqueEmail(prefix);
      await client.post('/api/auth/sign-up', {
        email,
        password: 'correct horse battery',
        fullName: 'Dr Reset',
      });
      return { client, email };
    };
    /**
     * Without SMTP_URL a mail is a log line; the token of its link to `page` (a reset, or a
     * confirmation of the address), once it is written.
     */
    const tokenFromLog = async (
      email: string,
      page: '/reset-password' | '/verify-email' = '/reset-password',
    ): Promise<string> => {
      const deadline = Date.now() + 5000;
      for (;;) {
        const line = dev.logs.find(
          (l) => l.includes('"mail.logged"') && l.includes(email) && l.includes(`${page}?token=`),
        );
        const token = line === undefined ? undefined : /token=([a-z2-7]{32})/.exec(line)?.[1];
        if (token !== undefined) return token;
        if (Date.now() > deadline) throw new Error(`no ${page} mail logged for ${email}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const conversationWithTurns = async (index: number) => {
      const client = await signedInClient(dev.url);
      const created = await client.post('/api/conversations', {
        scenarioId: await scenarioId(client, index),
      });
      const id = created.body.session.id as string;
      const upgrade = await RawSocket.connect(dev.url, id, { cookie: client.cookie });
      const socket = upgrade.socket!;
      for (const text of ['What worries you most?', 'Tell me more about that.']) {
        const from = socket.frames.length;
        socket.send({ type: 'turn', clientId: randomUUID(), text, stream: false });
        await socket.waitFor((f) => f.type === 'reply_done', from);
      }
      await socket.close();
      return { client, id };
    };
    const credentials = { email: uniqueEmail('origin'), password: 'correct horse battery' };

    /** A signed-in author with one scenario of their own. */
    const author = async () => {
      const client = await signedInClient(dev.url);
      const made = await client.post('/api/authoring/scenarios', { scenario: customSeed() });
      return { client, id: made.body.summary.id as string };
    };
    const scenarioRow = async (id: string) =>
      (
        await t.db.query(`SELECT title, version, deleted_at FROM scenarios WHERE id = $1`, [id])
      )[0] ?? null;

    // One trainer and one trainee for every organisation case: each sign-up counts toward the
    // sign-in throttle of this one address.
    let people: Promise<{ trainer: HttpClient; trainee: HttpClient }> | null = null;
    const course = () => {
      people ??= Promise.all([signedInClient(dev.url), signedInClient(dev.url)]).then(
        ([trainer, trainee]) => ({ trainer, trainee }),
      );
      return people;
    };

    const cases: Record<string, Case> = {
      // An instructor's deep-linking choice from another site: the request stays unanswered.
      'POST /api/lti/deep-links/:id': {
        async prepare() {
          const { trainer, id, scenarioId } = await deepLink();
          return {
            path: `/api/lti/deep-links/${id}`,
            body: { scenarioId },
            cookie: trainer.cookie,
          };
        },
        state: ({ path }) =>
          t.db.query(`SELECT answered_at, response_jwt FROM lti_deep_links WHERE id = $1`, [
            path.split('/').at(-1),
          ]),
        control: 200,
      },
      'POST /api/lti/deep-links/:id/cancel': {
        async prepare() {
          const { trainer, id } = await deepLink();
          return {
            path: `/api/lti/deep-links/${id}/cancel`,
            body: undefined,
            cookie: trainer.cookie,
          };
        },
        state: ({ path }) =>
          t.db.query(`SELECT answered_at, response_jwt FROM lti_deep_links WHERE id = $1`, [
            path.split('/')[4],
          ]),
        control: 200,
      },
      'POST /api/authoring/scenarios': {
        async prepare() {
          const client = await signedInClient(dev.url);
          return {
            path: '/api/authoring/scenarios',
            body: { scenario: customSeed() },
            cookie: client.cookie,
          };
        },
        state: () => count(t, 'scenarios'),
        control: 201,
      },
      'POST /api/authoring/scenarios/:id': {
        async prepare() {
          const { client, id } = await author();
          return {
            path: `/api/authoring/scenarios/${id}`,
            body: { scenario: customSeed() },
            cookie: client.cookie,
          };
        },
        state: ({ path }) => scenarioRow(path.split('/').at(-1)!),
        control: 200,
      },
      'POST /api/authoring/scenarios/:id/duplicate': {
        async prepare() {
          const { client, id } = await author();
          return {
            path: `/api/authoring/scenarios/${id}/duplicate`,
            body: {},
            cookie: client.cookie,
          };
        },
        state: () => count(t, 'scenarios'),
        control: 201,
      },
      'POST /api/authoring/scenarios/import': {
        async prepare() {
          const client = await signedInClient(dev.url);
          return {
            path: '/api/authoring/scenarios/import',
            body: { scenarios: [customSeed(), customSeed()] },
            cookie: client.cookie,
          };
        },
        state: () => count(t, 'scenarios'),
        control: 201,
      },
      'POST /api/authoring/scenarios/:id/translate': {
        async prepare() {
          const { client, id } = await author();
          return {
            path: `/api/authoring/scenarios/${id}/translate`,
            body: { language: 'es' },
            cookie: client.cookie,
          };
        },
        // A translation stores nothing, and this server has no provider: the 422 from the app's
        // own origin shows the request got past the origin check to the route itself.
        state: () => count(t, 'scenarios'),
        control: 422,
        changesNothing: true,
      },
      'DELETE /api/authoring/scenarios/:id': {
        async prepare() {
          const { client, id } = await author();
          return { path: `/api/authoring/scenarios/${id}`, body: undefined, cookie: client.cookie };
        },
        state: ({ path }) => scenarioRow(path.split('/').at(-1)!),
        method: 'DELETE',
        control: 200,
      },
      'POST /api/organisations': {
        async prepare() {
          const client = (await course()).trainer;
          return { path: '/api/organisations', body: { name: 'School' }, cookie: client.cookie };
        },
        state: () => count(t, 'organisations'),
        control: 201,
      },
      'POST /api/organisations/:id/cohorts': {
        async prepare() {
          const client = (await course()).trainer;
          const { org } = await buildCourse(client);
          const path = `/api/organisations/${org}/cohorts`;
          return { path, body: { name: 'Year 2' }, cookie: client.cookie };
        },
        state: () => count(t, 'cohorts'),
        control: 201,
      },
      'POST /api/organisations/cohorts/:id/invites': {
        async prepare() {
          const client = (await course()).trainer;
          const { cohort } = await buildCourse(client);
          const path = `/api/organisations/cohorts/${cohort}/invites`;
          return { path, body: {}, cookie: client.cookie };
        },
        state: () => count(t, 'cohort_invites'),
        control: 201,
      },
      'POST /api/organisations/invites/:id/revoke': {
        async prepare() {
          const client = (await course()).trainer;
          const { invite } = await buildCourse(client);
          const path = `/api/organisations/invites/${invite.id}/revoke`;
          return { path, body: {}, cookie: client.cookie };
        },
        state: ({ path }) =>
          t.db.query(`SELECT revoked_at FROM cohort_invites WHERE id = $1`, [path.split('/')[4]]),
        control: 200,
      },
      // An invite mailed from another site: nothing is counted, nothing sent.
      'POST /api/organisations/invites/:id/email': {
        async prepare() {
          const client = (await course()).trainer;
          const me = (await client.get('/api/account')).body.account.id as string;
          await t.db.query('UPDATE users SET email_verified_at = now() WHERE id = $1', [me]);
          const { invite } = await buildCourse(client);
          const path = `/api/organisations/invites/${invite.id}/email`;
          return { path, body: { emails: [uniqueEmail('xsite-invited')] }, cookie: client.cookie };
        },
        state: () =>
          t.db.query(
            `SELECT coalesce(sum(points), 0)::int AS n FROM auth_rate_limits
              WHERE key LIKE 'invite_mail:%'`,
          ),
        control: 202,
      },
      'POST /api/organisations/cohorts/:id/reminders': {
        async prepare() {
          const client = (await course()).trainer;
          const { cohort } = await buildCourse(client);
          const path = `/api/organisations/cohorts/${cohort}/reminders`;
          return { path, body: { hoursBefore: 168 }, cookie: client.cookie };
        },
        state: ({ path }) =>
          t.db.query(`SELECT reminder_hours_before FROM cohorts WHERE id = $1`, [
            path.split('/')[4],
          ]),
        control: 200,
      },
      'POST /api/organisations/cohorts/:id/assignments': {
        async prepare() {
          const client = (await course()).trainer;
          const { cohort } = await buildCourse(client);
          const path = `/api/organisations/cohorts/${cohort}/assignments`;
          return { path, body: { scenarioId: await scenarioId(client, 0) }, cookie: client.cookie };
        },
        state: () => count(t, 'cohort_assignments'),
        control: 201,
      },
      'DELETE /api/organisations/assignments/:id': {
        async prepare() {
          const client = (await course()).trainer;
          const { cohort } = await buildCourse(client);
          const assigned = await client.post(`/api/organisations/cohorts/${cohort}/assignments`, {
            scenarioId: await scenarioId(client, 1),
          });
          const path = `/api/organisations/assignments/${assigned.body.id}`;
          return { path, body: undefined, cookie: client.cookie };
        },
        state: ({ path }) =>
          t.db.query(`SELECT id FROM cohort_assignments WHERE id = $1`, [path.split('/').at(-1)]),
        method: 'DELETE',
        control: 204,
      },
      'POST /api/organisations/conversations/:id/override': {
        async prepare() {
          const { trainer, trainee } = await course();
          const { invite } = await buildCourse(trainer);
          await trainee.post('/api/organisations/join', { code: invite.code });
          const practised = await trainee.post('/api/conversations', {
            scenarioId: await scenarioId(trainee, 7),
          });
          const path = `/api/organisations/conversations/${practised.body.session.id}/override`;
          const skills = [{ skill: 'clarity', score: 2, comment: 'Jargon' }];
          return { path, body: { score: 3, comment: 'Ask first', skills }, cookie: trainer.cookie };
        },
        state: async () =>
          `${await count(t, 'score_overrides')}/${await count(t, 'skill_overrides')}`,
        control: 200,
      },
      'POST /api/organisations/conversations/:id/comments': {
        async prepare() {
          const { trainer, trainee } = await course();
          const { invite } = await buildCourse(trainer);
          await trainee.post('/api/organisations/join', { code: invite.code });
          const practised = await trainee.post('/api/conversations', {
            scenarioId: await scenarioId(trainee, 8),
          });
          const id = practised.body.session.id as string;
          const detail = await trainer.get(`/api/organisations/conversations/${id}`);
          const path = `/api/organisations/conversations/${id}/comments`;
          const body = { messageId: detail.body.messages[0].id, comment: 'Ask first' };
          return { path, body, cookie: trainer.cookie };
        },
        state: () => count(t, 'turn_comments'),
        control: 201,
      },
      'POST /api/organisations/join': {
        async prepare() {
          const { trainer, trainee } = await course();
          const { invite } = await buildCourse(trainer);
          const body = { code: invite.code };
          return { path: '/api/organisations/join', body, cookie: trainee.cookie };
        },
        state: () => count(t, 'cohort_memberships'),
        control: 200,
      },
      'POST /api/organisations/:id/name': {
        async prepare() {
          const client = (await course()).trainer;
          const { org } = await buildCourse(client);
          return {
            path: `/api/organisations/${org}/name`,
            body: { name: 'X' },
            cookie: client.cookie,
          };
        },
        state: ({ path }) =>
          t.db.query(`SELECT name FROM organisations WHERE id = $1`, [path.split('/')[3]]),
        control: 200,
      },
      // Issue 29, decision 051: an organisation's LMS registrations.
      'POST /api/organisations/:id/lti/platforms': {
        async prepare() {
          // A trainer of its own: the shared one runs as many organisations as one may.
          const client = await signedInClient(dev.url);
          const { org } = await buildCourse(client);
          const path = `/api/organisations/${org}/lti/platforms`;
          return { path, body: platformFields(), cookie: client.cookie };
        },
        state: ({ path }) =>
          t.db.query(`SELECT id FROM lti_platforms WHERE organisation_id = $1`, [
            path.split('/')[3],
          ]),
        control: 201,
      },
      'POST /api/organisations/lti/platforms/:id': {
        async prepare() {
          // A trainer of its own: the shared one runs as many organisations as one may.
          const client = await signedInClient(dev.url);
          const id = await registeredPlatform(client);
          const { issuer: _issuer, clientId: _clientId, ...update } = platformFields();
          return {
            path: `/api/organisations/lti/platforms/${id}`,
            body: update,
            cookie: client.cookie,
          };
        },
        state: ({ path }) =>
          t.db.query(`SELECT auth_url, jwks_url, token_url FROM lti_platforms WHERE id = $1`, [
            path.split('/').at(-1),
          ]),
        control: 200,
      },
      // A failed score sent again from another site: it stays failed.
      'POST /api/organisations/cohorts/:id/lti/passbacks/resend': {
        async prepare() {
          const { trainer, trainee } = await course();
          const { org, cohort, invite } = await buildCourse(trainer);
          await trainee.post('/api/organisations/join', { code: invite.code });
          const scenario = await scenarioId(trainer, 4);
          const assignment = (
            await trainer.post(`/api/organisations/cohorts/${cohort}/assignments`, {
              scenarioId: scenario,
            })
          ).body.id as string;
          const platform = (
            await trainer.post(`/api/organisations/${org}/lti/platforms`, platformFields())
          ).body.id as string;
          const userId = (await trainee.get('/api/auth/me')).body.user.id as string;
          const [session] = await t.db.query<{ id: string }>(
            `INSERT INTO conversation_sessions (user_id, scenario_id, created_at, ended_at)
             VALUES ($1, $2, clock_timestamp(), clock_timestamp()) RETURNING id`,
            [userId, scenario],
          );
          await t.db.query(
            `INSERT INTO lti_grade_targets (assignment_id, user_id, platform_id, lineitem_url, lms_user_id)
             VALUES ($1, $2, $3, 'https://lms.invalid/items/1', 'lms-1')`,
            [assignment, userId, platform],
          );
          await t.db.query(
            `INSERT INTO lti_grade_passbacks (assignment_id, user_id, session_id, score_given,
                score_maximum, scored_at, status, attempts, last_error)
             VALUES ($1, $2, $3, 7, 10, now(), 'failed', 10, 'HTTP 400')`,
            [assignment, userId, session!.id],
          );
          const path = `/api/organisations/cohorts/${cohort}/lti/passbacks/resend`;
          return { path, body: { assignmentId: assignment, userId }, cookie: trainer.cookie };
        },
        state: ({ path }) =>
          t.db.query(
            `SELECT b.status, b.attempts FROM lti_grade_passbacks b
               JOIN cohort_assignments a ON a.id = b.assignment_id WHERE a.cohort_id = $1`,
            [path.split('/')[4]],
          ),
        control: 204,
      },
      // A roster sync from another site: refused before the route. This cohort has no LMS
      // course, so from our own origin the route itself answers 409 and changes nothing.
      'POST /api/organisations/cohorts/:id/lti/roster/sync': {
        async prepare() {
          // A trainer of its own: the shared one's organisations are counted by other cases.
          const trainer = await signedInClient(dev.url);
          const { cohort } = await buildCourse(trainer);
          const path = `/api/organisations/cohorts/${cohort}/lti/roster/sync`;
          return { path, body: undefined, cookie: trainer.cookie };
        },
        state: () => count(t, 'cohort_memberships'),
        control: 409,
        changesNothing: true,
      },
      'DELETE /api/organisations/lti/platforms/:id': {
        async prepare() {
          // A trainer of its own: the shared one runs as many organisations as one may.
          const client = await signedInClient(dev.url);
          const id = await registeredPlatform(client);
          return {
            path: `/api/organisations/lti/platforms/${id}`,
            body: undefined,
            cookie: client.cookie,
          };
        },
        state: ({ path }) =>
          t.db.query(`SELECT id FROM lti_platforms WHERE id = $1`, [path.split('/').at(-1)]),
        method: 'DELETE',
        control: 204,
      },
      'POST /api/organisations/:id/password-sign-in': {
        async prepare() {
          const client = (await course()).trainer;
          const { org } = await buildCourse(client);
          // Off already (as a trainer with a school sign-in would have it): the request turns
          // passwords back on, which needs no provider on this server.
          await t.db.query('UPDATE organisations SET password_sign_in = false WHERE id = $1', [
            org,
          ]);
          return {
            path: `/api/organisations/${org}/password-sign-in`,
            body: { allowed: true },
            cookie: client.cookie,
          };
        },
        state: ({ path }) =>
          t.db.query(`SELECT password_sign_in FROM organisations WHERE id = $1`, [
            path.split('/')[3],
          ]),
        control: 200,
      },
      'DELETE /api/organisations/:id': {
        async prepare() {
          const client = (await course()).trainer;
          const { org } = await buildCourse(client);
          return { path: `/api/organisations/${org}`, body: undefined, cookie: client.cookie };
        },
        state: ({ path }) =>
          t.db.query(`SELECT id FROM organisations WHERE id = $1`, [path.split('/').at(-1)]),
        method: 'DELETE',
        control: 204,
      },
      'POST /api/organisations/cohorts/:id/name': {
        async prepare() {
          const client = (await course()).trainer;
          const { cohort } = await buildCourse(client);
          const path = `/api/organisations/cohorts/${cohort}/name`;
          return { path, body: { name: 'X' }, cookie: client.cookie };
        },
        state: ({ path }) =>
          t.db.query(`SELECT name FROM cohorts WHERE id = $1`, [path.split('/')[4]]),
        control: 200,
      },
      'DELETE /api/organisations/cohorts/:id': {
        async prepare() {
          const client = (await course()).trainer;
          const { cohort } = await buildCourse(client);
          const path = `/api/organisations/cohorts/${cohort}`;
          return { path, body: undefined, cookie: client.cookie };
        },
        state: ({ path }) =>
          t.db.query(`SELECT id FROM cohorts WHERE id = $1`, [path.split('/').at(-1)]),
        method: 'DELETE',
        control: 204,
      },
      'DELETE /api/organisations/cohorts/:id/members/:userId': {
        async prepare() {
          const { trainer, trainee } = await course();
          const { cohort, invite } = await buildCourse(trainer);
          await trainee.post('/api/organisations/join', { code: invite.code });
          const me = (await trainee.get('/api/auth/me')).body.user.id as string;
          const path = `/api/organisations/cohorts/${cohort}/members/${me}`;
          return { path, body: undefined, cookie: trainer.cookie };
        },
        state: ({ path }) =>
          t.db.query(`SELECT left_at FROM cohort_memberships WHERE cohort_id = $1`, [
            path.split('/')[4],
          ]),
        method: 'DELETE',
        control: 204,
      },
      'DELETE /api/organisations/cohorts/:id/instructors/:userId': {
        async prepare() {
          // People of their own: the shared trainer's organisations can reach organisationsPerTrainer.
          const [trainer, instructor] = [
            await signedInClient(dev.url),
            await signedInClient(dev.url),
          ];
          const { cohort } = await buildCourse(trainer);
          const id = (await instructor.get('/api/auth/me')).body.user.id as string;
          // As an LMS instructor's launch makes one (decision 052).
          await t.db.query(`INSERT INTO cohort_instructors (cohort_id, user_id) VALUES ($1, $2)`, [
            cohort,
            id,
          ]);
          const path = `/api/organisations/cohorts/${cohort}/instructors/${id}`;
          return { path, body: undefined, cookie: trainer.cookie };
        },
        state: ({ path }) =>
          t.db.query(`SELECT user_id FROM cohort_instructors WHERE cohort_id = $1`, [
            path.split('/')[4],
          ]),
        method: 'DELETE',
        control: 204,
      },
      'POST /api/organisations/:id/leave': {
        async prepare() {
          // People of their own: the shared trainer's organisations can reach organisationsPerTrainer.
          const [trainer, trainee] = [await signedInClient(dev.url), await signedInClient(dev.url)];
          const { org, invite } = await buildCourse(trainer);
          await trainee.post('/api/organisations/join', { code: invite.code });
          return { path: `/api/organisations/${org}/leave`, body: {}, cookie: trainee.cookie };
        },
        state: () =>
          t.db.query(`SELECT count(*)::int AS n FROM cohort_memberships WHERE left_at IS NULL`),
        control: 204,
      },
      'POST /api/auth/sign-up': {
        async prepare() {
          return {
            path: '/api/auth/sign-up',
            body: { email: uniqueEmail('xsite'), password: 'correct horse battery', fullName: 'X' },
            cookie: null,
          };
        },
        state: () => count(t, 'users'),
        control: 201,
      },
      'POST /api/auth/sign-in': {
        async prepare() {
          const client = new HttpClient(dev.url);
          await client.post('/api/auth/sign-up', { ...credentials, fullName: 'Dr Origin' });
          return { path: '/api/auth/sign-in', body: credentials, cookie: null };
        },
        state: () => count(t, 'user_sessions'),
        control: 200,
      },
      'POST /api/auth/sign-out': {
        async prepare() {
          const client = await signedInClient(dev.url);
          return { path: '/api/auth/sign-out', body: {}, cookie: client.cookie };
        },
        async state({ cookie }) {
          const client = new HttpClient(dev.url);
          client.cookie = cookie;
          return (await client.get('/api/auth/me')).status;
        },
        control: 204,
      },
      // A reset link asked for from another site is refused before any mail is made.
      'POST /api/auth/password-reset': {
        async prepare() {
          const { email } = await signedOutAccount('xsite-reset');
          return { path: '/api/auth/password-reset', body: { email }, cookie: null };
        },
        state: () => t.db.query(`SELECT count(*)::int AS n FROM password_resets`),
        control: 202,
      },
      'POST /api/auth/password-reset/confirm': {
        async prepare() {
          const { client, email } = await signedOutAccount('xsite-confirm');
          await client.post('/api/auth/password-reset', { email });
          const token = await tokenFromLog(email);
          return {
            path: '/api/auth/password-reset/confirm',
            body: { token, password: 'a brand new passphrase' },
            cookie: null,
          };
        },
        state: () => t.db.query(`SELECT count(*)::int AS n FROM password_resets`),
        control: 204,
      },
      'POST /api/account/name': {
        async prepare() {
          const client = await signedInClient(dev.url);
          return {
            path: '/api/account/name',
            body: { fullName: 'Dr Renamed' },
            cookie: client.cookie,
          };
        },
        state: () =>
          t.db.query(`SELECT count(*)::int AS n FROM users WHERE full_name = 'Dr Renamed'`),
        control: 200,
      },
      // A new address asked for from another site: no link is made, no mail goes.
      'POST /api/account/email': {
        async prepare() {
          const client = await signedInClient(dev.url);
          return {
            path: '/api/account/email',
            body: { email: uniqueEmail('xsite-moved'), currentPassword: 'correct horse battery' },
            cookie: client.cookie,
          };
        },
        state: () =>
          t.db.query(
            `SELECT count(*)::int AS n FROM email_verifications WHERE email LIKE 'xsite-moved-%'`,
          ),
        control: 202,
      },
      'POST /api/account/verification': {
        async prepare() {
          const client = await signedInClient(dev.url);
          return { path: '/api/account/verification', body: {}, cookie: client.cookie };
        },
        // A new link replaces the one mailed at sign-up.
        state: () =>
          t.db.query(`SELECT string_agg(id, ',' ORDER BY id) AS ids FROM email_verifications`),
        control: 202,
      },
      'POST /api/account/password': {
        async prepare() {
          const client = await signedInClient(dev.url);
          return {
            path: '/api/account/password',
            body: {
              currentPassword: 'correct horse battery',
              newPassword: 'a brand new passphrase',
            },
            cookie: client.cookie,
          };
        },
        state: () =>
          t.db.query(`SELECT md5(string_agg(password_hash, ',' ORDER BY id)) AS h FROM users`),
        control: 204,
      },
      'POST /api/account/sign-out-everywhere': {
        async prepare() {
          const client = await signedInClient(dev.url);
          return { path: '/api/account/sign-out-everywhere', body: {}, cookie: client.cookie };
        },
        async state({ cookie }) {
          const client = new HttpClient(dev.url);
          client.cookie = cookie;
          return (await client.get('/api/auth/me')).status;
        },
        control: 204,
      },
      // Confirming an address from another site: the link stays unused.
      'POST /api/auth/verify-email': {
        async prepare() {
          const { email } = await signedOutAccount('xsite-verify');
          const token = await tokenFromLog(email, '/verify-email');
          return { path: '/api/auth/verify-email', body: { token }, cookie: null };
        },
        state: () =>
          t.db.query(`SELECT count(*)::int AS n FROM users WHERE email_verified_at IS NOT NULL`),
        control: 200,
      },
      'POST /api/conversations': {
        async prepare() {
          const client = await signedInClient(dev.url);
          return {
            path: '/api/conversations',
            body: { scenarioId: await scenarioId(client, 2) },
            cookie: client.cookie,
          };
        },
        state: () => count(t, 'conversation_sessions'),
        control: 201,
      },
      'POST /api/conversations/:id/end': {
        async prepare() {
          const { client, id } = await conversationWithTurns(0);
          return { path: `/api/conversations/${id}/end`, body: {}, cookie: client.cookie };
        },
        async state() {
          const [row] = await t.db.query(
            `SELECT (SELECT count(*)::int FROM feedback) AS feedback,
                    (SELECT count(*)::int FROM conversation_sessions WHERE ended_at IS NOT NULL) AS ended`,
          );
          return row;
        },
        control: 200,
      },
      'POST /api/conversations/:id/hint': {
        async prepare() {
          const { client, id } = await conversationWithTurns(1);
          return { path: `/api/conversations/${id}/hint`, body: {}, cookie: client.cookie };
        },
        // A hint stores nothing; refusing it still spares a provider call made on the user's behalf.
        state: () => count(t, 'messages'),
        control: 200,
        changesNothing: true,
      },
      'POST /api/conversations/:id/branches': {
        async prepare() {
          const { client, id } = await conversationWithTurns(6);
          const detail = await client.get(`/api/conversations/${id}`);
          const turn = detail.body.messages.find((m: { role: string }) => m.role === 'user');
          return {
            path: `/api/conversations/${id}/branches`,
            body: { messageId: turn.id },
            cookie: client.cookie,
          };
        },
        state: () => count(t, 'conversation_sessions'),
        control: 201,
      },
      'POST /api/conversations/:id/realtime': {
        async prepare() {
          const { client, id } = await conversationWithTurns(4);
          return {
            path: `/api/conversations/${id}/realtime`,
            body: SDP_OFFER,
            cookie: client.cookie,
          };
        },
        state: () => count(t, 'messages'),
        contentType: 'application/sdp',
        // This server has no Realtime model: from its own origin the offer reaches the handler.
        control: 404,
        changesNothing: true,
      },
      'DELETE /api/conversations/:id/realtime': {
        async prepare() {
          const { client, id } = await conversationWithTurns(5);
          return {
            path: `/api/conversations/${id}/realtime`,
            body: undefined,
            cookie: client.cookie,
          };
        },
        state: () => count(t, 'messages'),
        method: 'DELETE',
        control: 204,
        changesNothing: true,
      },
      // A language set from another site: the account keeps none.
      'POST /api/account/language': {
        async prepare() {
          const client = await signedInClient(dev.url);
          return { path: '/api/account/language', body: { locale: 'es' }, cookie: client.cookie };
        },
        state: async () =>
          (
            await t.db.query<{ n: number }>(
              "SELECT count(*)::int AS n FROM users WHERE locale = 'es'",
            )
          )[0]!.n,
        control: 200,
      },
      'POST /api/account/recordings': {
        async prepare() {
          const client = await signedInClient(dev.url);
          return {
            path: '/api/account/recordings',
            body: { keepRecordings: false },
            cookie: client.cookie,
          };
        },
        state: async () =>
          (
            await t.db.query<{ n: number }>(
              'SELECT count(*)::int AS n FROM users WHERE NOT keep_recordings',
            )
          )[0]!.n,
        control: 200,
      },
      'DELETE /api/conversations/:id': {
        async prepare() {
          const { client, id } = await conversationWithTurns(6);
          await t.db.query('UPDATE conversation_sessions SET ended_at = now() WHERE id = $1', [id]);
          return { path: `/api/conversations/${id}`, body: undefined, cookie: client.cookie };
        },
        state: () => count(t, 'conversation_sessions'),
        method: 'DELETE',
        control: 204,
      },
      // Decision 050's addendum: another site can neither begin linking in a signed-in
      // browser nor unlink its school sign-in.
      'POST /api/auth/sso/:provider/link': {
        async prepare() {
          const client = await signedInClient(dev.url);
          return { path: '/api/auth/sso/campus/link', body: {}, cookie: client.cookie };
        },
        state: () => t.db.query(`SELECT count(*)::int AS n FROM sso_logins WHERE intent = 'link'`),
        control: 200,
      },
      'DELETE /api/auth/sso/:provider/link': {
        async prepare() {
          const client = await signedInClient(dev.url);
          const me = (await client.get('/api/auth/me')).body.user.id as string;
          await t.db.query(
            `INSERT INTO external_identities (kind, issuer, subject, user_id)
             VALUES ('oidc', $1, $2, $3)`,
            [campus.issuer, `xsite-${me}`, me],
          );
          return { path: '/api/auth/sso/campus/link', body: undefined, cookie: client.cookie };
        },
        state: () => count(t, 'external_identities'),
        method: 'DELETE',
        control: 204,
      },
      'DELETE /api/account': {
        async prepare() {
          const client = await signedInClient(dev.url);
          return {
            path: '/api/account',
            body: { password: 'correct horse battery' },
            cookie: client.cookie,
          };
        },
        state: () => count(t, 'users'),
        method: 'DELETE',
        control: 204,
      },
    };

    const send = (
      c: Case,
      client: HttpClient,
      prepared: { path: string; body: unknown },
      origin: string,
    ) =>
      c.method === 'DELETE'
        ? client.request('DELETE', prepared.path, prepared.body, { origin })
        : client.post(prepared.path, prepared.body, {
            origin,
            ...(c.contentType ? { 'content-type': c.contentType } : {}),
          });

    it('has a case for every state-changing route', () => {
      const writes = listApiRoutes(dev.services).filter((route) => !route.startsWith('GET '));
      expect(writes.length).toBeGreaterThanOrEqual(6);
      expect(writes.sort()).toEqual(Object.keys(cases).sort());
    });

    it.each(Object.keys(cases))('refuses %s with 403 and changes nothing', async (route) => {
      const c = cases[route]!;
      const prepared = await c.prepare();
      const client = new HttpClient(dev.url);
      const before = await c.state(prepared);
      for (const origin of ORIGINS(dev.url)) {
        client.cookie = prepared.cookie;
        const response = await send(c, client, prepared, origin);
        expect(response.status, origin).toBe(403);
        expect(response.body.error.code).toBe('forbidden:origin');
        expect(response.body.error.message).not.toBe('');
        expect(response.headers.getSetCookie(), origin).toEqual([]);
        expect(await c.state(prepared), origin).toEqual(before);
      }
      client.cookie = prepared.cookie;
      const control = await send(c, client, prepared, dev.url);
      expect(control.status).toBe(c.control);
      if (!c.changesNothing) expect(await c.state(prepared)).not.toEqual(before);
    });

    it('refuses a socket upgrade from another origin with 403', async () => {
      const client = await signedInClient(dev.url);
      const created = await client.post('/api/conversations', {
        scenarioId: await scenarioId(client, 3),
      });
      const id = created.body.session.id as string;
      for (const origin of ORIGINS(dev.url)) {
        const upgrade = await RawSocket.connect(dev.url, id, { cookie: client.cookie, origin });
        expect(upgrade.status, origin).toBe(403);
      }
      const own = await RawSocket.connect(dev.url, id, { cookie: client.cookie, origin: dev.url });
      expect(own.status).toBe(101);
      await own.socket?.close();
    });
  });
});
