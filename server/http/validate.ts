import type { z } from 'zod';
import type { ErrorCode } from '#shared/errors';
import { uuidSchema } from '#shared/inputChecks';
import { INPUT_TEXT } from '#shared/text';
import { AppError } from './errors';

/** Parses input with a shared schema; the first problem becomes a clear 400 message. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  let message = issue?.message ?? INPUT_TEXT.invalid;
  if (issue?.code === 'unrecognized_keys') message = INPUT_TEXT.unexpectedField(issue.keys);
  if (issue?.code === 'invalid_type' && issue.path.length === 0) {
    message = INPUT_TEXT.expectedObject;
  }
  throw new AppError('bad_request:validation', message);
}

/**
 * An id from the path as a uuid, or the 404 `code` names: a malformed id is as unknown as
 * someone else's, and answers the same.
 */
export function idOr404(id: string | undefined, code: ErrorCode): string {
  const parsed = uuidSchema.safeParse(id);
  if (!parsed.success) throw new AppError(code);
  return parsed.data;
}
