import { generateKeyPair, SignJWT } from 'jose';
import type { LookupAddress } from 'node:dns';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createPlatformHttp,
  guardedFetch,
  PlatformAddressError,
  type ResolveHost,
} from '#server/lti/platformFetch';
import { LtiServiceError, ServiceTokenClient } from '#server/lti/serviceToken';
import { verifyLaunchToken } from '#server/lti/verifyLaunch';

/**
 * The guarded platform client (server/lti/platformFetch.ts, decision 051 "Platform
 * addresses") against a real https server on 127.0.0.1: what it refuses never opens a
 * connection (the server counts them), and what it lets through reads like fetch. Host names
 * are resolved by a table, so no test depends on real DNS.
 */

const tls = new URL('../../../fixtures/tls/', import.meta.url);
const cert = readFileSync(new URL('lms-test.crt', tls), 'utf8');
const key = readFileSync(new URL('lms-test.key', tls), 'utf8');

let server: Server;
let port: number;
let connections = 0;
let requests: Array<{ method: string; url: string; type: string; body: string }> = [];

beforeAll(async () => {
  server = createServer({ cert, key }, (req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        type: req.headers['content-type'] ?? '',
        body,
      });
      if (req.url === '/jwks') {
        res.writeHead(200, { 'content-type': 'application/json', 'x-platform': 'lms' });
        res.end(JSON.stringify({ keys: [] }));
      } else if (req.url === '/token') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ type: req.headers['content-type'], body }));
      } else if (req.url === '/moved') {
        res.writeHead(302, { location: 'https://169.254.169.254/latest/meta-data/' });
        res.end();
      } else if (req.url === '/odd') {
        res.writeHead(999);
        res.end('odd');
      } else if (req.url === '/empty') {
        res.writeHead(204);
        res.end();
      }
      // /silent never answers.
    });
  });
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  connections = 0;
  requests = [];
});

/** A resolver answering from a table; any other name is not found. */
function resolveFrom(table: Record<string, string[]>): ResolveHost {
  return (hostname) => {
    const addresses = table[hostname];
    if (!addresses)
      return Promise.reject(Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' }));
    return Promise.resolve(
      addresses.map((address): LookupAddress => ({
        address,
        family: address.includes(':') ? 6 : 4,
      })),
    );
  };
}

/** The error a promise rejects with (fails the test when it resolves). */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail('expected a rejection'),
    (error: unknown) => error,
  );
}

describe('the guarded platform client', () => {
  const guarded = guardedFetch({ resolve: resolveFrom({ 'lms.test': ['127.0.0.1'] }) });

  it.each([
    ['a name resolving to loopback', () => `https://lms.test:${port}/jwks`, '127.0.0.1'],
    ['a loopback literal', () => `https://127.0.0.1:${port}/jwks`, '127.0.0.1'],
    ['an IPv6 loopback literal', () => `https://[::1]:${port}/jwks`, '::1'],
    ['a mapped loopback literal', () => `https://[::ffff:127.0.0.1]:${port}/jwks`, '::ffff:7f00:1'],
    ['the metadata address', () => 'https://169.254.169.254/latest/meta-data/', '169.254.169.254'],
  ])('refuses %s without connecting', async (_, url, address) => {
    const error = await rejection(guarded(url()));
    expect(error).toBeInstanceOf(PlatformAddressError);
    expect((error as PlatformAddressError).address).toBe(address);
    expect((error as Error).message).toContain('not a public internet address');
    expect(connections).toBe(0);
  });

  it('refuses a name with one private address among public ones', async () => {
    const mixed = guardedFetch({
      resolve: resolveFrom({ 'lms.test': ['93.184.216.34', '10.0.0.5'] }),
    });
    const error = await rejection(mixed(`https://lms.test:${port}/jwks`));
    expect((error as PlatformAddressError).address).toBe('10.0.0.5');
    expect(connections).toBe(0);
  });

  it('refuses plain http', async () => {
    const error = await rejection(guarded(`http://lms.test:${port}/jwks`));
    expect(error).toBeInstanceOf(PlatformAddressError);
    expect((error as Error).message).toContain('https only');
    expect(connections).toBe(0);
  });

  it('refuses a name that resolved to a public address at registration and a private one now', async () => {
    let answers = 0;
    const rebinding: ResolveHost = () =>
      Promise.resolve([{ address: answers++ === 0 ? '93.184.216.34' : '127.0.0.1', family: 4 }]);
    const platformHttp = createPlatformHttp({ allowHttp: false, resolve: rebinding });
    expect(await platformHttp.refusedAddress(`https://lms.test:${port}/jwks`)).toBeNull();
    const error = await rejection(platformHttp.fetch(`https://lms.test:${port}/jwks`));
    expect((error as PlatformAddressError).address).toBe('127.0.0.1');
    expect(connections).toBe(0);
  });

  describe('to an address it allows (127.0.0.1 standing for a public one)', () => {
    const allowed = guardedFetch({
      resolve: resolveFrom({ 'lms.test': ['127.0.0.1'] }),
      allows: (address) => address === '127.0.0.1',
      ca: cert,
    });

    it('reads like fetch: status, headers, body', async () => {
      const response = await allowed(`https://lms.test:${port}/jwks`, { method: 'GET' });
      expect(response.status).toBe(200);
      expect(response.headers.get('x-platform')).toBe('lms');
      expect(await response.json()).toEqual({ keys: [] });
      expect(connections).toBe(1);
    });

    it('sends a form body with its content type, as fetch would', async () => {
      const response = await allowed(`https://lms.test:${port}/token`, {
        method: 'POST',
        body: new URLSearchParams({ grant_type: 'client_credentials' }),
      });
      expect(await response.json()).toEqual({
        type: 'application/x-www-form-urlencoded;charset=UTF-8',
        body: 'grant_type=client_credentials',
      });
    });

    it('answers a redirect as it is, never following it', async () => {
      const response = await allowed(`https://lms.test:${port}/moved`, { redirect: 'manual' });
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('https://169.254.169.254/latest/meta-data/');
      expect(requests.map((request) => request.url)).toEqual(['/moved']);
    });

    it('answers an empty 204', async () => {
      const response = await allowed(`https://lms.test:${port}/empty`, { method: 'PUT' });
      expect(response.status).toBe(204);
      expect(await response.text()).toBe('');
    });

    it('rejects a status fetch would not take, rather than throw where nobody catches', async () => {
      const error = await rejection(allowed(`https://lms.test:${port}/odd`));
      expect(error).toBeInstanceOf(TypeError);
      expect((error as Error).message).toContain('999');
    });

    it('rejects with the signal’s reason when it times out, as fetch does', async () => {
      const error = await rejection(
        allowed(`https://lms.test:${port}/silent`, { signal: AbortSignal.timeout(200) }),
      );
      expect((error as Error).name).toBe('TimeoutError');
    });
  });

  it('is the plain fetch with LTI_ALLOW_HTTP, for a local LMS', async () => {
    const local = createPlatformHttp({ allowHttp: true });
    expect(await local.refusedAddress('https://127.0.0.1/jwks')).toBeNull();
    const error = await rejection(local.fetch(`https://127.0.0.1:${port}/jwks`));
    // It connected (and then refused our self-signed certificate, as fetch does).
    expect(error).not.toBeInstanceOf(PlatformAddressError);
    expect(connections).toBe(1);
  });
});

describe('the callers of the guarded client', () => {
  const refusals: Array<{ host: string; address: string | null }> = [];
  const guarded = createPlatformHttp({
    allowHttp: false,
    resolve: resolveFrom({ 'lms.test': ['10.0.0.5'] }),
    onRefused: ({ host, address }) => refusals.push({ host, address }),
  });
  beforeEach(() => {
    refusals.length = 0;
  });

  it('a token request to a private address is an unreachable platform, saying why', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const tokens = new ServiceTokenClient({ fetch: guarded.fetch });
    const error = await rejection(
      tokens.token(
        {
          tokenUrl: 'https://lms.test/token',
          clientId: 'chairtalk',
          signingKey: { kid: 'k1', privateKey },
        },
        ['https://purl.imsglobal.org/spec/lti-ags/scope/score'],
      ),
    );
    expect(error).toBeInstanceOf(LtiServiceError);
    expect((error as LtiServiceError).reason).toBe('unreachable');
    expect((error as Error).message).toBe(
      'Refused to connect to lms.test: not a public internet address',
    );
    // The address is the operator's to read, in the log, not the trainer's.
    expect(refusals).toEqual([{ host: 'lms.test', address: '10.0.0.5' }]);
  });

  it('a launch whose platform keyset is at a private address fails as unavailable', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const idToken = await new SignJWT({ nonce: 'n' })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer('https://lms.test')
      .setAudience('chairtalk')
      .setSubject('learner')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);
    const result = await verifyLaunchToken(
      idToken,
      {
        issuer: 'https://lms.test',
        clientId: 'chairtalk',
        jwksUrl: 'https://lms.test/jwks',
        nonce: 'n',
        deploymentIds: ['d1'],
      },
      guarded.fetch,
    );
    expect(result).toMatchObject({ ok: false, reason: 'unavailable' });
    expect(result.ok ? '' : result.detail).toContain('not a public internet address');
    expect(refusals).toEqual([{ host: 'lms.test', address: '10.0.0.5' }]);
  });
});
