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

/**
 * How long a text is, as the contracts count it: zod's `.max` on a string counts Unicode code
 * points (an emoji is one character, not two UTF-16 units), so every other length check on
 * user text counts the same way, or a text the schema accepts could be refused later.
 */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** The first `max` characters of a text, counted as `characterCount` counts them. */
export function firstCharacters(text: string, max: number): string {
  return characterCount(text) <= max ? text : Array.from(text).slice(0, max).join('');
}
