import { ERRORS, errorKind, errorStatus, type ErrorCode, type ErrorKind } from '#shared/errors';

/**
 * One error type for everything the user may be told, over HTTP and on the socket. The code
 * comes from the closed set in shared/errors.ts, which gives its status and its sentence; a
 * sentence that needs a figure (a limit, a wait) is passed in. Anything that is not an AppError
 * is logged and answered with the generic `internal` code.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly retryAfterSeconds: number | undefined;

  constructor(code: ErrorCode, message: string = ERRORS[code], retryAfterSeconds?: number) {
    super(message);
    this.code = code;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  get kind(): ErrorKind {
    return errorKind(this.code);
  }

  get status(): number {
    return errorStatus(this.code);
  }
}
