/**
 * One error type for everything the user may be told. The code names the kind
 * (`not_found:session`), the status follows from the kind, and the message is the sentence the
 * user sees. Anything that is not an AppError is logged and answered with a generic 500.
 */
export type ErrorKind =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'unsupported'
  | 'unprocessable'
  | 'rate_limit'
  | 'unavailable';

const STATUS: Record<ErrorKind, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported: 415,
  unprocessable: 422,
  rate_limit: 429,
  unavailable: 503,
};

export class AppError extends Error {
  readonly kind: ErrorKind;
  readonly code: string;
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: `${ErrorKind}:${string}` | ErrorKind,
    message: string,
    retryAfterSeconds?: number,
  ) {
    super(message);
    this.kind = code.split(':')[0] as ErrorKind;
    this.code = code;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  get status(): number {
    return STATUS[this.kind];
  }
}

export const notFound = (what: string, message = 'Not found') =>
  new AppError(`not_found:${what}`, message);
