import type { z } from 'zod';
import { AppError } from './errors';

/** Parses input with a shared schema; the first problem becomes a clear 400 message. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  let message = issue?.message ?? 'Invalid request';
  if (issue?.code === 'unrecognized_keys') message = `Unexpected field: ${issue.keys.join(', ')}`;
  if (issue?.code === 'invalid_type' && issue.path.length === 0) message = 'Expected a JSON object';
  throw new AppError('bad_request:validation', message);
}
