import { z } from 'zod';
import { scenarioSchema } from './scenario';

/** Request and response shapes of the JSON API under /api, shared by server and client. */

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

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email({ error: 'Enter a valid email address' }))
  .transform((email) => email.toLowerCase());

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password must be at most 128 characters');

export const signInInput = z.strictObject({
  email: emailSchema,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(128, 'Password must be at most 128 characters'),
});
export type SignInInput = z.input<typeof signInInput>;

export const signUpInput = z.strictObject({
  email: emailSchema,
  password: passwordSchema,
  fullName: z
    .string({ error: 'Full name is required' })
    .refine(
      (name) => !CONTROL_CHARS.test(name),
      'Full name contains characters that are not allowed',
    )
    .trim()
    .min(1, 'Full name is required')
    .max(200, 'Full name must be at most 200 characters'),
});
export type SignUpInput = z.input<typeof signUpInput>;

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const userResponse = z.object({ user: userSchema });
export const scenariosResponse = z.object({ scenarios: z.array(scenarioSchema) });
export const scenarioResponse = z.object({ scenario: scenarioSchema });

/** Ids in paths are uuids; anything else is simply not found. */
export const uuidSchema = z.uuid();
