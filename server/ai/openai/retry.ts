import { setTimeout as sleep } from 'node:timers/promises';
import { AiProviderError, toAiProviderError } from './errors';

export interface AiLogger {
  warn(message: string, details?: Record<string, unknown>): void;
}

export interface RetryPolicy {
  /** Attempts after the first; the SDK's own retries are off so these are the only ones. */
  maxRetries: number;
  /**
   * For a stream: the longest wait for the first chunk or between two chunks. For a single
   * answer: the longest wait for the whole answer.
   */
  timeoutMs: number;
  /** A provider asking us to wait longer than this is not retried: the user would be gone. */
  maxRetryAfterMs?: number;
  /** First backoff; doubled per attempt. */
  backoffMs?: number;
}

const DEFAULT_MAX_RETRY_AFTER_MS = 5_000;
const DEFAULT_BACKOFF_MS = 250;
const MAX_BACKOFF_MS = 2_000;

/** One attempt's cancellation: the caller's signal, plus our own deadline. */
class AttemptScope {
  readonly controller = new AbortController();
  timedOut = false;
  private completed = false;
  private timer: NodeJS.Timeout | undefined;
  private readonly onAbort = () => this.controller.abort(this.signal.reason);

  constructor(
    private readonly signal: AbortSignal,
    private readonly timeoutMs: number,
  ) {
    if (signal.aborted) this.controller.abort(signal.reason);
    else signal.addEventListener('abort', this.onAbort, { once: true });
  }

  /** (Re)starts the deadline; a stream that keeps sending chunks keeps living. */
  arm(): void {
    this.pause();
    this.timer = setTimeout(() => {
      this.timedOut = true;
      this.controller.abort(new Error('deadline'));
    }, this.timeoutMs);
  }

  /** While our caller holds a chunk, the provider is not the one being slow. */
  pause(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** The answer was read to its end: there is no request left to end. */
  complete(): void {
    this.completed = true;
  }

  dispose(): void {
    this.pause();
    this.signal.removeEventListener('abort', this.onAbort);
    // Ends the HTTP request if the caller stopped reading early. Not after a complete answer:
    // an abort builds an AbortError with a stack trace, a real cost on every turn.
    if (!this.completed) this.controller.abort();
  }

  failure(error: unknown): AiProviderError {
    return toAiProviderError(error, {
      aborted: this.signal.aborted,
      timedOut: this.timedOut,
      timeoutMs: this.timeoutMs,
    });
  }
}

/** How long to wait before the next attempt, or null when this failure is final. */
function retryDelay(error: AiProviderError, attempt: number, policy: RetryPolicy): number | null {
  if (!error.retryable || attempt >= policy.maxRetries) return null;
  if (error.retryAfterMs !== null) {
    const cap = policy.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS;
    return error.retryAfterMs <= cap ? error.retryAfterMs : null;
  }
  const base = Math.min((policy.backoffMs ?? DEFAULT_BACKOFF_MS) * 2 ** attempt, MAX_BACKOFF_MS);
  // Jitter so that many sessions failing together do not retry in lockstep.
  return base * (0.8 + Math.random() * 0.4);
}

async function waitBeforeRetry(ms: number, signal: AbortSignal): Promise<void> {
  try {
    await sleep(ms, undefined, { signal });
  } catch (error) {
    throw new AiProviderError('aborted', 'The request was cancelled', { cause: error });
  }
}

function logRetry(
  logger: AiLogger | undefined,
  error: AiProviderError,
  attempt: number,
  delayMs: number,
): void {
  logger?.warn('ai.retry', {
    kind: error.kind,
    status: error.status,
    attempt: attempt + 1,
    delayMs: Math.round(delayMs),
    message: error.message,
  });
}

/** After a failed attempt: throws it when it may not be retried, else waits before the next. */
async function retryOrThrow(
  scope: AttemptScope,
  error: unknown,
  input: {
    attempt: number;
    policy: RetryPolicy;
    signal: AbortSignal;
    logger: AiLogger | undefined;
    retryable: boolean;
  },
): Promise<void> {
  const failure = scope.failure(error);
  const delay = input.retryable ? retryDelay(failure, input.attempt, input.policy) : null;
  if (delay === null) throw failure;
  logRetry(input.logger, failure, input.attempt, delay);
  scope.dispose();
  await waitBeforeRetry(delay, input.signal);
}

/**
 * Streams text, retrying only while nothing has been yielded: once a delta has reached the
 * user a second attempt would say something different, so later failures are thrown as-is.
 * Empty chunks (the role chunk, keep-alives) count as signs of life but are not passed on.
 */
export async function* streamWithRetries(
  open: (signal: AbortSignal) => AsyncIterable<string>,
  policy: RetryPolicy,
  signal: AbortSignal,
  logger?: AiLogger,
): AsyncGenerator<string> {
  for (let attempt = 0; ; attempt++) {
    const scope = new AttemptScope(signal, policy.timeoutMs);
    let delivered = false;
    try {
      scope.arm();
      for await (const chunk of open(scope.controller.signal)) {
        if (chunk === '') {
          scope.arm();
          continue;
        }
        scope.pause();
        delivered = true;
        yield chunk;
        scope.arm();
      }
      // The SDK ends an aborted stream quietly; without this a cut reply would look complete.
      if (scope.controller.signal.aborted) throw scope.failure(new Error('stream aborted'));
      scope.complete();
      if (!delivered) throw new AiProviderError('empty', 'The model returned no text');
      return;
    } catch (error) {
      await retryOrThrow(scope, error, { attempt, policy, signal, logger, retryable: !delivered });
    } finally {
      scope.dispose();
    }
  }
}

/** A single answer with the same deadline and retry rules. */
export async function callWithRetries<T>(
  call: (signal: AbortSignal) => Promise<T>,
  policy: RetryPolicy,
  signal: AbortSignal,
  logger?: AiLogger,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const scope = new AttemptScope(signal, policy.timeoutMs);
    try {
      scope.arm();
      const answer = await call(scope.controller.signal);
      scope.complete();
      return answer;
    } catch (error) {
      await retryOrThrow(scope, error, { attempt, policy, signal, logger, retryable: true });
    } finally {
      scope.dispose();
    }
  }
}
