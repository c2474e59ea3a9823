import { SignJWT, type KeyInput } from 'jose';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { CLIENT_ASSERTION_TYPE } from './claims';
import { PlatformAddressError, type PlatformFetch } from './platformFetch';

/**
 * The tool's OAuth 2 client for LTI Advantage services (IMS Security Framework §4.1): the
 * client-credentials grant, authenticated by a JWT the tool signs with its own key (RFC 7523),
 * and one cached token per platform and scope set until shortly before it expires. The service
 * clients (agsClient, nrpsClient) call through `serviceRequest`, which adds the bearer token, a
 * timeout, and turns every failure into an `LtiServiceError`.
 */

export interface ServiceSigningKey {
  /** Published in the tool's JWKS; the platform picks the verifying key by it. */
  kid: string;
  /** RS256 private key (CryptoKey, KeyObject or private JWK). */
  privateKey: KeyInput;
}

/** One platform registration as the service clients need it; no database behind it. */
export interface ServicePlatform {
  tokenUrl: string;
  clientId: string;
  signingKey: ServiceSigningKey;
}

export type LtiServiceErrorReason =
  /** No answer in time. */
  | 'timeout'
  /** Connection refused, reset or dropped. */
  | 'unreachable'
  /** 5xx or 429 from the platform. */
  | 'unavailable'
  /** The token endpoint refused the assertion or client (invalid_client, unauthorized_client…). */
  | 'token_refused'
  /** The platform would not grant a scope the call needs. */
  | 'scope_refused'
  /** 401/403 from a service even with a fresh token. */
  | 'forbidden'
  | 'not_found'
  /** Another 4xx: the request itself was wrong, sending it again will not help. */
  | 'rejected'
  /** The answer was not the JSON the spec describes. */
  | 'invalid_response'
  /** A Link rel="next" pointing at another origin, or more pages than the client will follow. */
  | 'bad_paging'
  /** A service or token URL that is not an absolute http(s) URL (a bad claim or registration). */
  | 'bad_url';

const RETRYABLE: ReadonlySet<LtiServiceErrorReason> = new Set([
  'timeout',
  'unreachable',
  'unavailable',
]);

/** Every failure of a service call; callers decide by `retryable`, logs read `reason`. */
export class LtiServiceError extends Error {
  override readonly name = 'LtiServiceError';
  readonly retryable: boolean;
  constructor(
    readonly reason: LtiServiceErrorReason,
    message: string,
    readonly details: { status?: number; retryAfterSeconds?: number; url?: string } = {},
  ) {
    super(message);
    this.retryable = RETRYABLE.has(reason);
  }
}

export interface ServiceToken {
  accessToken: string;
  /** As granted (the answer's `scope`, or what was asked when the platform omits it). */
  scopes: string[];
  /** Epoch milliseconds. */
  expiresAt: number;
}

export interface ServiceTokenOptions {
  /**
   * How the platform is called, for the token and every service call made with this client:
   * the server's guarded client (platformFetch.ts), so no call reaches a private address.
   */
  fetch: PlatformFetch;
  /** Per HTTP request; default 10 s. */
  timeoutMs?: number;
  /** A token is renewed this long before its expiry; default 60 s. */
  refreshMarginMs?: number;
  /** Lifetime of the client assertion; default 5 minutes (the spec's advice is short). */
  assertionLifetimeSeconds?: number;
  /**
   * Clock in epoch milliseconds for the cache's idea of expiry, for tests of renewal. The
   * assertion's iat/exp always use the real clock: the platform checks them against its own.
   */
  now?: () => number;
}

const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().refine((type) => type.toLowerCase() === 'bearer'),
  expires_in: z.number().positive().optional(),
  scope: z.string().optional(),
});

const oauthErrorSchema = z.object({ error: z.string() });

/** Platforms that omit expires_in get an hour, the common default. */
const DEFAULT_LIFETIME_SECONDS = 3600;

function cacheKey(platform: ServicePlatform, scopes: readonly string[]): string {
  return JSON.stringify([platform.tokenUrl, platform.clientId, [...new Set(scopes)].sort()]);
}

/** The URL parsed, or a typed error: a malformed claim must not surface as a bare TypeError. */
export function serviceUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new LtiServiceError('bad_url', `Not a URL: ${url}`, { url });
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new LtiServiceError('bad_url', `Not an http(s) URL: ${url}`, { url });
  }
  return parsed;
}

/** Maps a fetch rejection (abort, network, an address refused) to the typed error. */
export function networkError(error: unknown, url: string): LtiServiceError {
  // A refused address is an unreachable platform, and the message (logged, and shown to the
  // trainer as a passback's last error) says why.
  if (error instanceof PlatformAddressError) {
    return new LtiServiceError('unreachable', error.message, { url });
  }
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError' || name === 'AbortError') {
    return new LtiServiceError('timeout', `No answer from ${url} in time`, { url });
  }
  return new LtiServiceError('unreachable', `Could not reach ${url}`, { url });
}

/** Retry-After in seconds (delta form only; dates are rare from LMSs and safe to ignore). */
export function retryAfterSeconds(header: string | null): number | undefined {
  if (header === null || !/^\d+$/.test(header.trim())) return undefined;
  return Number(header.trim());
}

/** The error for a non-2xx service answer (token endpoint aside). */
export function statusError(status: number, url: string, retryAfter?: number): LtiServiceError {
  const details = {
    status,
    url,
    ...(retryAfter === undefined ? {} : { retryAfterSeconds: retryAfter }),
  };
  if (status >= 300 && status < 400) {
    // Followed, a redirect would carry the bearer token wherever it points.
    return new LtiServiceError('rejected', `${url} redirected (${status}); not followed`, details);
  }
  if (status >= 500 || status === 429 || status === 408) {
    return new LtiServiceError('unavailable', `${url} answered ${status}`, details);
  }
  if (status === 401 || status === 403) {
    return new LtiServiceError('forbidden', `${url} refused the token (${status})`, details);
  }
  if (status === 404 || status === 410) {
    return new LtiServiceError('not_found', `${url} does not exist (${status})`, details);
  }
  return new LtiServiceError('rejected', `${url} rejected the request (${status})`, details);
}

export class ServiceTokenClient {
  private readonly cache = new Map<string, Promise<ServiceToken>>();
  private readonly timeoutMs: number;
  private readonly refreshMarginMs: number;
  private readonly assertionLifetimeSeconds: number;
  private readonly now: () => number;
  readonly fetch: PlatformFetch;

  constructor(options: ServiceTokenOptions) {
    this.fetch = options.fetch;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.refreshMarginMs = options.refreshMarginMs ?? 60_000;
    this.assertionLifetimeSeconds = options.assertionLifetimeSeconds ?? 300;
    this.now = options.now ?? Date.now;
  }

  /**
   * A token for these scopes at this platform, from the cache while it has more than the margin
   * left. Concurrent callers share one request. Throws LtiServiceError only.
   */
  async token(platform: ServicePlatform, scopes: readonly string[]): Promise<ServiceToken> {
    const key = cacheKey(platform, scopes);
    const cached = this.cache.get(key);
    if (cached) {
      const token = await cached.catch(() => null);
      if (token && token.expiresAt - this.refreshMarginMs > this.now()) return token;
      // Only the caller that finds the entry stale or failed replaces it.
      if (this.cache.get(key) === cached) this.cache.delete(key);
      else return this.token(platform, scopes);
    }
    const request = this.request(platform, scopes);
    this.cache.set(key, request);
    request.catch(() => {
      if (this.cache.get(key) === request) this.cache.delete(key);
    });
    return request;
  }

  /** Drops a cached token, e.g. after a service answered 401 to it. */
  forget(platform: ServicePlatform, scopes: readonly string[]): void {
    this.cache.delete(cacheKey(platform, scopes));
  }

  /** The signed client assertion (exported for tests of its claims). */
  async assertion(platform: ServicePlatform): Promise<string> {
    const issuedAt = Math.floor(Date.now() / 1000);
    try {
      return await new SignJWT({})
        .setProtectedHeader({ alg: 'RS256', kid: platform.signingKey.kid, typ: 'JWT' })
        .setIssuer(platform.clientId)
        .setSubject(platform.clientId)
        .setAudience(platform.tokenUrl)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + this.assertionLifetimeSeconds)
        .setJti(randomUUID())
        .sign(platform.signingKey.privateKey);
    } catch (error) {
      // A key that cannot sign RS256 is a configuration fault, not a platform one.
      throw new LtiServiceError(
        'token_refused',
        `Could not sign the client assertion: ${error instanceof Error ? error.message : 'unknown error'}`,
      );
    }
  }

  private async request(
    platform: ServicePlatform,
    scopes: readonly string[],
  ): Promise<ServiceToken> {
    const asked = [...new Set(scopes)];
    const body = new URLSearchParams({
      grant_type: 'client_credentials',
      client_assertion_type: CLIENT_ASSERTION_TYPE,
      client_assertion: await this.assertion(platform),
      scope: asked.join(' '),
    });
    const url = serviceUrl(platform.tokenUrl).toString();
    let response: Response;
    try {
      response = await this.fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body,
        signal: AbortSignal.timeout(this.timeoutMs),
        redirect: 'manual',
      });
    } catch (error) {
      throw networkError(error, url);
    }
    const json = await readJson(response, url);
    if (!response.ok) {
      const oauth = oauthErrorSchema.safeParse(json);
      if (response.status >= 500 || response.status === 429) {
        throw statusError(
          response.status,
          url,
          retryAfterSeconds(response.headers.get('retry-after')),
        );
      }
      if (oauth.success && oauth.data.error === 'invalid_scope') {
        throw new LtiServiceError('scope_refused', `${url} refused the scopes ${asked.join(' ')}`, {
          status: response.status,
          url,
        });
      }
      const code = oauth.success ? oauth.data.error : `status ${response.status}`;
      throw new LtiServiceError('token_refused', `${url} refused the token request (${code})`, {
        status: response.status,
        url,
      });
    }
    const parsed = tokenResponseSchema.safeParse(json);
    if (!parsed.success) {
      throw new LtiServiceError('invalid_response', `${url} answered an unreadable token`, { url });
    }
    const granted = parsed.data.scope?.split(' ').filter(Boolean) ?? asked;
    const missing = asked.filter((scope) => !granted.includes(scope));
    if (missing.length > 0) {
      throw new LtiServiceError('scope_refused', `${url} did not grant ${missing.join(' ')}`, {
        url,
      });
    }
    const lifetime = parsed.data.expires_in ?? DEFAULT_LIFETIME_SECONDS;
    return {
      accessToken: parsed.data.access_token,
      scopes: granted,
      expiresAt: this.now() + lifetime * 1000,
    };
  }
}

/** The body as JSON, or undefined when it is not JSON (an HTML error page, an empty 204). */
async function readJson(response: Response, url: string): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw networkError(error, url);
  }
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export interface ServiceRequest {
  url: string;
  method: 'GET' | 'POST' | 'PUT';
  /** The media type asked for (Accept) or sent (Content-Type). */
  accept?: string;
  contentType?: string;
  body?: unknown;
}

export interface ServiceResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON, or undefined for an empty or non-JSON body. */
  json: unknown;
}

export interface ServiceCallContext {
  tokens: ServiceTokenClient;
  platform: ServicePlatform;
  /** Per HTTP request; default 10 s. */
  timeoutMs?: number;
}

/**
 * One authorised call to an LTI service: bearer token for `scopes`, timeout, no redirects (see
 * statusError), one retry with a fresh token after a
 * 401 (the platform may have revoked the cached one). Non-2xx answers and network failures
 * become LtiServiceError.
 */
export async function serviceRequest(
  context: ServiceCallContext,
  scopes: readonly string[],
  request: ServiceRequest,
): Promise<ServiceResponse> {
  const target = serviceUrl(request.url);
  const attempt = async (): Promise<Response> => {
    const token = await context.tokens.token(context.platform, scopes);
    const headers: Record<string, string> = { authorization: `Bearer ${token.accessToken}` };
    if (request.accept) headers.accept = request.accept;
    if (request.contentType) headers['content-type'] = request.contentType;
    try {
      return await context.tokens.fetch(target, {
        method: request.method,
        headers,
        ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
        signal: AbortSignal.timeout(context.timeoutMs ?? 10_000),
        redirect: 'manual',
      });
    } catch (error) {
      throw networkError(error, request.url);
    }
  };
  let response = await attempt();
  if (response.status === 401) {
    await response.body?.cancel().catch(() => undefined);
    context.tokens.forget(context.platform, scopes);
    response = await attempt();
  }
  const json = await readJson(response, request.url);
  if (!response.ok) {
    throw statusError(
      response.status,
      request.url,
      retryAfterSeconds(response.headers.get('retry-after')),
    );
  }
  return { status: response.status, headers: response.headers, json };
}
