import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';

export type AiProviderErrorKind =
  'auth' | 'rate_limit' | 'server' | 'timeout' | 'connection' | 'bad_request' | 'aborted' | 'empty';

/**
 * The one error the AI roles throw. The gateway maps `kind` to the spec's user-facing line;
 * the provider's own message stays in `message` for the logs.
 */
export class AiProviderError extends Error {
  override readonly name = 'AiProviderError';
  readonly kind: AiProviderErrorKind;
  /** HTTP status from the provider, when there was a response. */
  readonly status: number | null;
  /** How long the provider asked us to wait (rate limits, overload), when it said. */
  readonly retryAfterMs: number | null;

  constructor(
    kind: AiProviderErrorKind,
    message: string,
    details: { status?: number | null; retryAfterMs?: number | null; cause?: unknown } = {},
  ) {
    super(message, { cause: details.cause });
    this.kind = kind;
    this.status = details.status ?? null;
    this.retryAfterMs = details.retryAfterMs ?? null;
  }

  /** Worth another attempt, provided nothing has reached the user yet. */
  get retryable(): boolean {
    return (
      this.kind === 'rate_limit' ||
      this.kind === 'server' ||
      this.kind === 'timeout' ||
      this.kind === 'connection'
    );
  }
}

/** `retry-after-ms` (OpenAI's own) wins over `retry-after` (seconds or an HTTP date). */
export function retryAfterMsFrom(headers: Headers | undefined, now = Date.now()): number | null {
  const millis = Number.parseFloat(headers?.get('retry-after-ms') ?? '');
  if (Number.isFinite(millis) && millis >= 0) return millis;
  const value = headers?.get('retry-after');
  if (!value) return null;
  const seconds = Number.parseFloat(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

export function kindForStatus(status: number): AiProviderErrorKind {
  if (status === 401 || status === 403) return 'auth';
  if (status === 429) return 'rate_limit';
  if (status === 408) return 'timeout';
  // 409 is the provider's "lock timeout, try again"; the other 4xx will fail the same way twice.
  if (status === 409 || status >= 500) return 'server';
  return 'bad_request';
}

/**
 * Maps whatever a call threw. `why` says whether our own signals fired, because an aborted
 * fetch looks the same whether the user left or our deadline passed.
 */
export function toAiProviderError(
  error: unknown,
  why: { aborted: boolean; timedOut: boolean; timeoutMs: number },
): AiProviderError {
  if (error instanceof AiProviderError) return error;
  if (why.aborted)
    return new AiProviderError('aborted', 'The request was cancelled', { cause: error });
  if (why.timedOut || error instanceof APIConnectionTimeoutError) {
    return new AiProviderError('timeout', `No response within ${why.timeoutMs} ms`, {
      cause: error,
    });
  }
  if (error instanceof APIUserAbortError) {
    return new AiProviderError('aborted', 'The request was cancelled', { cause: error });
  }
  if (error instanceof APIConnectionError) {
    return new AiProviderError('connection', error.message, { cause: error });
  }
  if (error instanceof APIError) {
    if (typeof error.status !== 'number') {
      // An error event inside an event stream: the provider failed after answering 200.
      return new AiProviderError('server', error.message, { cause: error });
    }
    return new AiProviderError(kindForStatus(error.status), error.message, {
      status: error.status,
      retryAfterMs: retryAfterMsFrom(error.headers),
      cause: error,
    });
  }
  // Sockets cut mid-body surface as plain fetch errors ("terminated").
  const message = error instanceof Error ? error.message : String(error);
  return new AiProviderError('connection', message, { cause: error });
}
