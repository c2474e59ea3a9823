import type { z } from 'zod';
import { endpointPath, type Endpoint, type ParamsOf, type RouteParams } from '#shared/api/endpoint';
import { errorBody, type ErrorCode } from '#shared/errors';
import { currentLocale } from '#shared/i18n/translate';
import { COMMON_TEXT } from '#shared/text';

/**
 * Why a call failed when the server did not say: no answer at all (`network`, `aborted`), an
 * error without our error body (a proxy's page), or a success we cannot read.
 */
export type TransportErrorCode = 'network' | 'aborted' | 'unknown' | 'bad_response';

/**
 * Every failed call surfaces as this. `status` 0 means the request never got an answer
 * (offline, server down, aborted); `message` is always fit to show a user.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | TransportErrorCode;

  constructor(status: number, code: ErrorCode | TransportErrorCode, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }

  /** The server answered with one of our error codes (and its own sentence). */
  get fromServer(): boolean {
    return this.status > 0 && this.code !== 'unknown' && this.code !== 'bad_response';
  }
}

type UnauthorizedListener = (path: string) => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/**
 * Lets the app react to an expired session (a 401 outside /api/auth) without this module
 * knowing anything about screens or stores.
 */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  // The server answers (error sentences included) in the interface's language (decision 049).
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': currentLocale(),
  };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  try {
    return await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') {
      throw new ApiError(0, 'aborted', COMMON_TEXT.genericError);
    }
    throw new ApiError(0, 'network', COMMON_TEXT.genericError);
  }
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * A failed answer as an ApiError: our error body's code and sentence when it has one. Also for
 * calls that are not JSON on success (the Realtime call's SDP), so a 401 still signs out.
 */
export async function responseError(path: string, response: Response): Promise<ApiError> {
  if (response.status === 401 && !path.startsWith('/api/auth/')) {
    for (const listener of unauthorizedListeners) listener(path);
  }
  const parsed = errorBody.safeParse(await readJson(response));
  if (parsed.success) {
    return new ApiError(response.status, parsed.data.error.code, parsed.data.error.message);
  }
  return new ApiError(response.status, 'unknown', COMMON_TEXT.genericError);
}

/** A JSON call whose answer is checked against the shared schema before anyone sees it. */
export async function apiRequest<S extends z.ZodType>(
  path: string,
  schema: S,
  options: RequestOptions = {},
): Promise<z.output<S>> {
  const response = await send(path, options);
  if (!response.ok) throw await responseError(path, response);
  const parsed = schema.safeParse(await readJson(response));
  if (!parsed.success) {
    console.error(`Unexpected response from ${path}`, parsed.error);
    throw new ApiError(response.status, 'bad_response', COMMON_TEXT.genericError);
  }
  return parsed.data;
}

/** A call whose success carries no body (204). */
export async function apiCommand(path: string, options: RequestOptions = {}): Promise<void> {
  const response = await send(path, options);
  if (!response.ok) throw await responseError(path, response);
}

/** What a call to an operation of the shared contract takes: its path ids, body and query. */
export type CallInput<E extends Endpoint> = ([RouteParams<E['route']>] extends [never]
  ? { params?: undefined }
  : { params: ParamsOf<E> }) &
  (E extends { body: infer B extends z.ZodType } ? { body: z.input<B> } : { body?: undefined }) &
  (E extends { query: infer Q extends z.ZodType }
    ? { query?: z.input<Q> }
    : { query?: undefined }) & { signal?: AbortSignal };

export type CallResult<E extends Endpoint> = E['response'] extends z.ZodType
  ? z.output<E['response']>
  : void;

/** The operation's path with its query string; fields left undefined are not sent. */
export function operationUrl<E extends Endpoint>(
  endpoint: E,
  input: { params?: ParamsOf<E> | undefined; query?: unknown },
): string {
  const path = endpointPath(endpoint, (input.params ?? {}) as ParamsOf<E>);
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries((input.query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null) query.set(key, String(value));
  }
  const search = query.toString();
  return search === '' ? path : `${path}?${search}`;
}

/**
 * Calls one operation of the shared contract (shared/api/): the path, the method, the body's
 * type and the answer's schema all come from the same description the server routes with.
 */
export async function callApi<E extends Endpoint>(
  endpoint: E,
  ...[input]: object extends CallInput<E> ? [CallInput<E>?] : [CallInput<E>]
): Promise<CallResult<E>> {
  const call = (input ?? {}) as { params?: ParamsOf<E>; query?: unknown; body?: unknown };
  const path = operationUrl(endpoint, call);
  const options: RequestOptions = {
    method: endpoint.method,
    body: call.body,
    signal: input?.signal,
  };
  if (endpoint.response === null) {
    await apiCommand(path, options);
    return undefined as CallResult<E>;
  }
  return (await apiRequest(path, endpoint.response, options)) as CallResult<E>;
}

/** The server's own words when it sent some, otherwise the caller's fallback. */
export function errorMessage(error: unknown, fallback: string = COMMON_TEXT.genericError): string {
  return error instanceof ApiError && error.fromServer ? error.message : fallback;
}
