import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalJWKSet, jwtVerify, SignJWT } from 'jose';
import { LTI_LIMITS } from '#shared/lti';
import { resolveWithDns, type ResolveHost } from '#server/lti/platformFetch';
import { HttpClient, signedInClient } from '../../../helpers/httpClient';
import {
  createTestDb,
  printSkipNotice,
  routeDatabaseKinds,
  type TestDb,
} from '../../../helpers/testDb';
import { startTestServer, type TestServer } from '../../../helpers/testServer';

printSkipNotice();

const PUBLIC_URL = 'https://chairtalk.example.org';
const DAY = 86_400_000;

/**
 * Host names for the server without LTI_ALLOW_HTTP, so no test depends on real DNS; any other
 * name (localhost) is resolved by the system, which answers it from /etc/hosts.
 */
const HOSTS: Record<string, string[]> = {
  'lms.internal.test': ['127.0.0.1'],
  'mixed.internal.test': ['93.184.216.34', '10.0.0.5'],
  'canvas.public.test': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
};
const resolveHost: ResolveHost = (hostname) => {
  const addresses = HOSTS[hostname];
  if (!addresses) return resolveWithDns(hostname);
  return Promise.resolve(
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
  );
};

/**
 * An organisation's LMS registrations through the real server (decision 051): what the trainer
 * enters, what ChairTalk shows of itself to copy, who else may see or change it (nobody), and
 * our public keyset with its rotation.
 */
describe.each(routeDatabaseKinds())('LTI registrations on %s', (kind) => {
  let t: TestDb;
  let server: TestServer;
  let httpsOnly: TestServer;
  let trainer: HttpClient;
  let stranger: HttpClient;
  let orgId: string;

  beforeAll(async () => {
    t = await createTestDb(kind);
    const env = { PUBLIC_URL, AUTH_ATTEMPTS_PER_ADDRESS: '500' };
    server = await startTestServer(t.db, { ...env, LTI_ALLOW_HTTP: 'true' });
    httpsOnly = await startTestServer(t.db, env, { resolvePlatformHost: resolveHost });
    trainer = await signedInClient(server.url, 'Dr Trainer');
    stranger = await signedInClient(server.url, 'Dr Stranger');
    orgId = (await trainer.post('/api/organisations', { name: 'LTI School' })).body.id;
  }, 60_000);
  afterAll(async () => {
    await httpsOnly?.close({ keepDb: true });
    await server?.close({ keepDb: true });
    await t?.drop();
  });

  const input = (issuer: string) => ({
    issuer,
    clientId: 'chairtalk-client',
    authUrl: `${issuer}/auth`,
    jwksUrl: `${issuer}/jwks`,
    tokenUrl: `${issuer}/token`,
    deploymentIds: ['deployment-1', 'deployment-1', 'deployment-2'],
  });

  it('registers a platform and shows our own URLs, built from PUBLIC_URL', async () => {
    const made = await trainer.post(
      `/api/organisations/${orgId}/lti/platforms`,
      input('https://canvas.example.edu'),
    );
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      organisationId: orgId,
      issuer: 'https://canvas.example.edu',
      deploymentIds: ['deployment-1', 'deployment-2'],
    });
    const setup = await trainer.get(`/api/organisations/${orgId}/lti`);
    expect(setup.status).toBe(200);
    expect(setup.body.tool).toEqual({
      jwksUrl: `${PUBLIC_URL}/lti/jwks`,
      loginUrl: `${PUBLIC_URL}/lti/login`,
      launchUrl: `${PUBLIC_URL}/lti/launch`,
      deepLinkingUrl: `${PUBLIC_URL}/lti/launch`,
    });
    expect(setup.body.platforms.map((p: { id: string }) => p.id)).toEqual([made.body.id]);

    // The same issuer and client id belong to one organisation in all of ChairTalk.
    const otherOrg = (await stranger.post('/api/organisations', { name: 'Other' })).body.id;
    const taken = await stranger.post(
      `/api/organisations/${otherOrg}/lti/platforms`,
      input('https://canvas.example.edu'),
    );
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('conflict:lti_platform_taken');
  });

  it('changes URLs and deployments, and removes the registration', async () => {
    const made = await trainer.post(
      `/api/organisations/${orgId}/lti/platforms`,
      input('https://moodle.example.edu'),
    );
    const { issuer: _issuer, clientId: _clientId, ...update } = input('https://moodle.example.edu');
    const changed = await trainer.post(`/api/organisations/lti/platforms/${made.body.id}`, {
      ...update,
      deploymentIds: ['3'],
    });
    expect(changed.status).toBe(200);
    expect(changed.body.deploymentIds).toEqual(['3']);
    const removed = await trainer.request(
      'DELETE',
      `/api/organisations/lti/platforms/${made.body.id}`,
    );
    expect(removed.status).toBe(204);
    const again = await trainer.request(
      'DELETE',
      `/api/organisations/lti/platforms/${made.body.id}`,
    );
    expect(again.status).toBe(404);
  });

  it('answers 404 to anyone but the trainer, before reading the body', async () => {
    const made = await trainer.post(
      `/api/organisations/${orgId}/lti/platforms`,
      input('https://d2l.example.edu'),
    );
    const id = made.body.id as string;
    const tries = await Promise.all([
      stranger.get(`/api/organisations/${orgId}/lti`),
      stranger.post(`/api/organisations/${orgId}/lti/platforms`, { nonsense: true }),
      stranger.post(`/api/organisations/lti/platforms/${id}`, { nonsense: true }),
      stranger.request('DELETE', `/api/organisations/lti/platforms/${id}`),
    ]);
    expect(tries.map((r) => r.status)).toEqual([404, 404, 404, 404]);
    expect(tries.map((r) => r.body.error.code)).toEqual([
      'not_found:organisation',
      'not_found:organisation',
      'not_found:lti_platform',
      'not_found:lti_platform',
    ]);
    expect(JSON.stringify(tries.map((r) => r.body))).not.toContain('d2l.example.edu');
    const still = await trainer.get(`/api/organisations/${orgId}/lti`);
    expect(still.body.platforms.map((p: { id: string }) => p.id)).toContain(id);
  });

  it('refuses bad input with a sentence, and plain http unless allowed', async () => {
    const bad = await trainer.post(`/api/organisations/${orgId}/lti/platforms`, {
      ...input('https://bad.example.edu'),
      deploymentIds: [],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Enter at least one deployment ID.');
    const notUrl = await trainer.post(`/api/organisations/${orgId}/lti/platforms`, {
      ...input('https://bad.example.edu'),
      jwksUrl: 'javascript:alert(1)',
    });
    expect(notUrl.status).toBe(400);

    const viaHttpsOnly = trainer;
    const plain = input('http://127.0.0.1:9');
    const refused = await fetch(`${httpsOnly.url}/api/organisations/${orgId}/lti/platforms`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: viaHttpsOnly.cookie! },
      body: JSON.stringify(plain),
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
      'bad_request:lti_https',
    );
    expect((await trainer.post(`/api/organisations/${orgId}/lti/platforms`, plain)).status).toBe(
      201,
    );
  });

  it.each([
    ['a loopback literal', 'jwksUrl', 'https://127.0.0.1/jwks', 'Platform keyset URL (JWKS)'],
    ['a private literal', 'tokenUrl', 'https://10.0.0.5/token', 'Platform access token URL'],
    ['an IPv6 loopback literal', 'jwksUrl', 'https://[::1]/jwks', 'Platform keyset URL (JWKS)'],
    ['a mapped literal', 'tokenUrl', 'https://[::ffff:a9fe:a9fe]/', 'Platform access token URL'],
    ['the metadata address', 'jwksUrl', 'https://169.254.169.254/', 'Platform keyset URL (JWKS)'],
    ['localhost', 'jwksUrl', 'https://localhost:8443/jwks', 'Platform keyset URL (JWKS)'],
    [
      'a name resolving to loopback',
      'tokenUrl',
      'https://lms.internal.test/token',
      'Platform access token URL',
    ],
    [
      'a name with one private address',
      'jwksUrl',
      'https://mixed.internal.test/jwks',
      'Platform keyset URL (JWKS)',
    ],
  ])(
    'without LTI_ALLOW_HTTP, refuses %s as the %s, naming the field',
    async (_, field, url, label) => {
      const viaHttpsOnly = new HttpClient(httpsOnly.url);
      viaHttpsOnly.cookie = trainer.cookie;
      const refused = await viaHttpsOnly.post(`/api/organisations/${orgId}/lti/platforms`, {
        ...input('https://private.example.edu'),
        [field]: url,
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error.code).toBe('bad_request:lti_address');
      expect(refused.body.error.message).toBe(
        `${label}: ChairTalk calls only addresses on the public internet, not private, local or reserved ones.`,
      );
      const listed = await trainer.get(`/api/organisations/${orgId}/lti`);
      expect(JSON.stringify(listed.body)).not.toContain('private.example.edu');
    },
  );

  it('without LTI_ALLOW_HTTP, takes public addresses, and refuses a private one in Spanish too', async () => {
    const viaHttpsOnly = new HttpClient(httpsOnly.url);
    viaHttpsOnly.cookie = trainer.cookie;
    const literal = await viaHttpsOnly.post(
      `/api/organisations/${orgId}/lti/platforms`,
      input('https://93.184.216.34'),
    );
    expect(literal.status).toBe(201);
    const named = await viaHttpsOnly.post(
      `/api/organisations/${orgId}/lti/platforms`,
      input('https://canvas.public.test'),
    );
    expect(named.status).toBe(201);
    // The authentication URL is where the browser goes, never our server: an intranet is fine.
    const intranetLogin = await viaHttpsOnly.post(`/api/organisations/${orgId}/lti/platforms`, {
      ...input('https://moodle.public.test'),
      authUrl: 'https://10.1.2.3/auth',
      jwksUrl: 'https://canvas.public.test/jwks',
      tokenUrl: 'https://canvas.public.test/token',
    });
    expect(intranetLogin.status).toBe(201);

    const { id } = named.body as { id: string };
    const changed = await viaHttpsOnly.post(
      `/api/organisations/lti/platforms/${id}`,
      {
        authUrl: 'https://canvas.public.test/auth',
        jwksUrl: 'https://lms.internal.test/jwks',
        tokenUrl: 'https://canvas.public.test/token',
        deploymentIds: ['deployment-1'],
      },
      { 'accept-language': 'es' },
    );
    expect(changed.status).toBe(400);
    expect(changed.body.error.message).toBe(
      'URL del conjunto de claves de la plataforma (JWKS): ChairTalk solo llama a direcciones de la internet pública, no a direcciones privadas, locales o reservadas.',
    );
    const listed = await trainer.get(`/api/organisations/${orgId}/lti`);
    const kept = listed.body.platforms.find((p: { id: string }) => p.id === id);
    expect(kept.jwksUrl).toBe('https://canvas.public.test/jwks');
    for (const made of [literal, named, intranetLogin]) {
      expect(
        (await trainer.request('DELETE', `/api/organisations/lti/platforms/${made.body.id}`))
          .status,
      ).toBe(204);
    }
  });

  it(`holds an organisation to ${LTI_LIMITS.platformsPerOrganisation} registrations`, async () => {
    const other = await signedInClient(server.url, 'Dr Many');
    const org = (await other.post('/api/organisations', { name: 'Many' })).body.id;
    for (let i = 0; i < LTI_LIMITS.platformsPerOrganisation; i++) {
      const made = await other.post(
        `/api/organisations/${org}/lti/platforms`,
        input(`https://lms${i}.many.example`),
      );
      expect(made.status).toBe(201);
    }
    const past = await other.post(
      `/api/organisations/${org}/lti/platforms`,
      input('https://one-more.many.example'),
    );
    expect(past.status).toBe(409);
    expect(past.body.error.code).toBe('limit:lti_platforms');
  });

  it('publishes our public keys only, and a rotated key stays published', async () => {
    const response = await fetch(`${server.url}/lti/jwks`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/jwk-set+json');
    const jwks = (await response.json()) as { keys: Array<Record<string, unknown>> };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(jwks.keys[0]).not.toHaveProperty('d');

    // What the signing key signs verifies with the published set.
    const signing = await server.services.ltiKeys.signingKey();
    expect(signing.kid).toBe(jwks.keys[0]!.kid);
    const token = await new SignJWT({ hello: 'platform' })
      .setProtectedHeader({ alg: 'RS256', kid: signing.kid })
      .sign(signing.privateKey);
    const verify = (keys: typeof jwks) => jwtVerify(token, createLocalJWKSet(keys as never));
    await expect(verify(jwks)).resolves.toBeTruthy();

    // Past the rotation age a new key signs, and the old one is still published.
    const later = await server.services.ltiKeys.signingKey(new Date(Date.now() + 91 * DAY));
    expect(later.kid).not.toBe(signing.kid);
    const after = (await (await fetch(`${server.url}/lti/jwks`)).json()) as typeof jwks;
    expect(after.keys.map((k) => k.kid)).toEqual([later.kid, signing.kid]);
    await expect(verify(after)).resolves.toBeTruthy();
    // Both instances see the same keys: they live in the database.
    const fromOther = (await (await fetch(`${httpsOnly.url}/lti/jwks`)).json()) as typeof jwks;
    expect(fromOther).toEqual(after);
  });
});
