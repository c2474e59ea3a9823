import type { Response } from 'express';
import type { z } from 'zod';
import type { Endpoint } from '#shared/api/endpoint';

/**
 * Sends an operation's JSON answer. The body is typed by the operation's response schema, so a
 * field renamed in the contract breaks the server's build; it is not parsed again at run time
 * (the handlers build it from typed rows, and some routes are hot).
 */
export function sendJson<E extends Endpoint & { response: z.ZodType }>(
  res: Response,
  _endpoint: E,
  body: z.input<E['response']>,
  status = 200,
): void {
  res.status(status).json(body);
}
