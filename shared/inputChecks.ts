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

/* eslint-disable no-control-regex -- matching control characters is the point */
/**
 * Never wanted in text people write for each other: the C0 controls above, C1 controls, and
 * the invisible bidirectional embeddings, overrides and isolates, which can make one text read
 * as another (U+202E turns "evil.exe" round). Line breaks and tabs are fine in prose.
 */
const UNSAFE_IN_TEXT =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

/**
 * Not in a name or title, which is one line that must look like what it is: everything
 * UNSAFE_IN_TEXT refuses, and line breaks, tabs, the line and paragraph separators, the
 * left-to-right and right-to-left marks, and zero-width spaces.
 */
const UNSAFE_IN_NAME =
  /[\u0000-\u001F\u007F-\u009F\u200B\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069\uFEFF]/;
/* eslint-enable no-control-regex */

/**
 * Half of a surrogate pair on its own: JSON can carry one ("\ud800"), but it is no character,
 * and PostgreSQL refuses it inside jsonb.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether prose is fit to store and show: see UNSAFE_IN_TEXT. */
export function isSafeText(text: string): boolean {
  return !UNSAFE_IN_TEXT.test(text) && !LONE_SURROGATE.test(text);
}

/** Whether a name or title is one line that reads as what it is: see UNSAFE_IN_NAME. */
export function isSafeName(name: string): boolean {
  return !UNSAFE_IN_NAME.test(name) && !LONE_SURROGATE.test(name);
}

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
