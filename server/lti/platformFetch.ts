import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { Readable } from 'node:stream';
import { isPublicAddress } from './publicAddress';

/**
 * Every request our server makes to a platform URL (decision 051, "Platform addresses"): the
 * platform's keyset (jose's createRemoteJWKSet), its token URL, and the AGS and NRPS URLs its
 * launches name. A trainer enters some of these and a platform's launch names the rest, so
 * either could point our server at a service inside our own network (server-side request
 * forgery). When guarded (LTI_ALLOW_HTTP off), a request:
 *
 * - goes over https only;
 * - connects only to a public address (`isPublicAddress`): the check is made inside the
 *   socket's own DNS lookup, on the addresses it will connect to, so a name that resolved to a
 *   public address at registration and to a private one now (DNS rebinding) is still refused;
 *   a URL naming an IP literal is checked before any socket is opened (Node skips the lookup
 *   for those);
 * - never follows a redirect: a 3xx is answered as it is, and every caller treats it as a
 *   refusal (a redirect could lead anywhere, and would carry the bearer token with it).
 *
 * A refused request rejects with `PlatformAddressError`, which callers treat as an unreachable
 * platform. Its message says why without the address (it reaches the trainer as a passback's
 * last error, and what an internal name resolves to is ours to know); `onRefused` logs the
 * address.
 *
 * Unguarded (LTI_ALLOW_HTTP on, a local LMS in development or tests), it is the global fetch.
 */

/** The part of fetch the platform clients use; jose's customFetch has this shape too. */
export type PlatformFetch = (url: string | URL, init?: RequestInit) => Promise<Response>;

/** Every address a host name resolves to (injected in tests: no test depends on real DNS). */
export type ResolveHost = (hostname: string) => Promise<LookupAddress[]>;

export const resolveWithDns: ResolveHost = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    );
  });

export class PlatformAddressError extends Error {
  override readonly name = 'PlatformAddressError';
  constructor(
    readonly host: string,
    readonly address: string | null,
  ) {
    super(
      address === null
        ? `Refused to call ${host}: platforms are called over https only`
        : `Refused to connect to ${host}: not a public internet address`,
    );
  }
}

export interface PlatformHttp {
  fetch: PlatformFetch;
  /**
   * At registration: the first address the URL's host names (as a literal or through DNS) that
   * our server would refuse to connect to, or null. A host that does not resolve now passes:
   * the check at fetch time is the guard, this one tells the trainer early.
   */
  refusedAddress(url: string): Promise<string | null>;
}

/** The host of a URL without the brackets an IPv6 literal is written in. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * A lookup for net.connect that answers only public addresses. Every address the name has must
 * be public: a name with one private address among public ones is refused, since the socket may
 * try any of them (Node tries each family in turn, autoSelectFamily).
 */
export function publicOnlyLookup(
  resolve: ResolveHost,
  allows: (address: string) => boolean = isPublicAddress,
): LookupFunction {
  return (hostname, options, callback) => {
    const answer = (addresses: LookupAddress[]) => {
      const refused = addresses.find(({ address }) => !allows(address));
      if (refused) return callback(new PlatformAddressError(hostname, refused.address), '', 0);
      const wanted =
        options.family === 4 || options.family === 6
          ? addresses.filter(({ family }) => family === options.family)
          : addresses;
      const first = wanted[0];
      if (!first) {
        const error: NodeJS.ErrnoException = new Error(`getaddrinfo ENOTFOUND ${hostname}`);
        error.code = 'ENOTFOUND';
        return callback(error, '', 0);
      }
      if (options.all) return callback(null, wanted);
      return callback(null, first.address, first.family);
    };
    resolve(hostname).then(answer, (error: NodeJS.ErrnoException) => callback(error, '', 0));
  };
}

/** Statuses whose answer has no body (the Response constructor refuses one). */
const NULL_BODY = new Set([101, 204, 205, 304]);

export interface GuardOptions {
  resolve: ResolveHost;
  /** Told of each refusal, with the address (the server logs it). */
  onRefused?: (refusal: PlatformAddressError) => void;
  /** Which addresses may be connected to; isPublicAddress (tests stand a local one for it). */
  allows?: (address: string) => boolean;
  /** Certificate authorities trusted instead of Node's (tests: a local https platform). */
  ca?: string;
}

/** The guarded fetch (exported for its tests; the server makes it by createPlatformHttp). */
export function guardedFetch(guard: GuardOptions): PlatformFetch {
  const allows = guard.allows ?? isPublicAddress;
  const lookup = publicOnlyLookup(guard.resolve, allows);
  return async (input, init = {}) => {
    try {
      return await guardedRequest(input, init);
    } catch (error) {
      if (error instanceof PlatformAddressError) guard.onRefused?.(error);
      throw error;
    }
  };

  async function guardedRequest(input: string | URL, init: RequestInit): Promise<Response> {
    // The Request reads the body and headers as fetch would (a URLSearchParams body gets its
    // content type), so callers write what they would write for fetch.
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.protocol !== 'https:') throw new PlatformAddressError(url.host, null);
    const host = hostOf(url);
    if (isIP(host) !== 0 && !allows(host)) throw new PlatformAddressError(host, host);
    const body = request.body === null ? null : Buffer.from(await request.arrayBuffer());
    const signal = init.signal ?? undefined;
    return new Promise<Response>((resolveResponse, reject) => {
      const outgoing = https.request(
        url,
        {
          method: request.method,
          headers: Object.fromEntries(request.headers),
          lookup,
          // One connection per request: a pooled socket could have been opened by another
          // client without this lookup.
          agent: false,
          ...(guard.ca ? { ca: guard.ca } : {}),
          ...(signal ? { signal } : {}),
        },
        (incoming) => {
          const headers = new Headers();
          for (let i = 0; i + 1 < incoming.rawHeaders.length; i += 2) {
            headers.append(incoming.rawHeaders[i]!, incoming.rawHeaders[i + 1]!);
          }
          const status = incoming.statusCode ?? 0;
          // Outside 200-599 the Response constructor throws; fetch fails such an answer too.
          if (status < 200 || status > 599) {
            incoming.destroy();
            reject(new TypeError(`${url.host} answered with status ${status}`));
            return;
          }
          const empty = NULL_BODY.has(status) || request.method === 'HEAD';
          if (empty) incoming.resume();
          resolveResponse(
            new Response(empty ? null : (Readable.toWeb(incoming) as ReadableStream<Uint8Array>), {
              status,
              statusText: incoming.statusMessage ?? '',
              headers,
            }),
          );
        },
      );
      // As fetch does, an aborted request rejects with the signal's reason (a TimeoutError for
      // AbortSignal.timeout), which the callers map to "timeout".
      outgoing.on('error', (error) => reject(signal?.aborted ? signal.reason : error));
      outgoing.end(body ?? undefined);
    });
  }
}

/**
 * The platform HTTP client for this server: guarded unless `allowHttp` (LTI_ALLOW_HTTP), which
 * stands for a local LMS, on this machine or its network, in development and tests.
 */
export function createPlatformHttp(options: {
  allowHttp: boolean;
  resolve?: ResolveHost;
  onRefused?: (refusal: PlatformAddressError) => void;
}): PlatformHttp {
  const resolve = options.resolve ?? resolveWithDns;
  if (options.allowHttp) {
    return { fetch: (url, init) => fetch(url, init), refusedAddress: () => Promise.resolve(null) };
  }
  return {
    fetch: guardedFetch({
      resolve,
      ...(options.onRefused ? { onRefused: options.onRefused } : {}),
    }),
    async refusedAddress(text) {
      const host = hostOf(new URL(text));
      if (isIP(host) !== 0) return isPublicAddress(host) ? null : host;
      const addresses = await resolve(host).catch(() => []);
      return addresses.find(({ address }) => !isPublicAddress(address))?.address ?? null;
    },
  };
}
