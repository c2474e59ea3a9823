import { z } from 'zod';

/**
 * Checks on what arrives from outside (request bodies, socket frames, path ids, model output),
 * used by the HTTP contracts in shared/api/ and the socket contract in shared/protocol.ts alike.
 */

/**
 * C0 control characters other than tab and line breaks. PostgreSQL cannot store NUL at all, and
 * none of these belongs in a name or a message.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** Removes those characters from text we did not type ourselves (transcripts, model replies). */
export function stripControlChars(text: string): string {
  return text.replace(new RegExp(CONTROL_CHARS.source, 'g'), '');
}

/** Ids in paths are uuids; anything else is simply not found. */
export const uuidSchema = z.uuid();
