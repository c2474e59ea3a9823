import { z } from 'zod';
import { INTERFACE_LOCALES } from '../i18n/locales';
import { isSafeName } from '../inputChecks';
import { ACCOUNT_TEXT, AUTH_TEXT } from '../text';
import { resource } from './endpoint';

/** /api/auth: accounts and the session cookie. */

/** The fields' messages, read when a value fails (in the current locale, decision 049). */
const FIELD = AUTH_TEXT.field;

export const emailSchema = z
  .string({ error: () => FIELD.emailRequired })
  .trim()
  .min(1, { error: () => FIELD.emailRequired })
  .max(254, { error: () => FIELD.emailTooLong })
  .pipe(z.email({ error: () => FIELD.emailInvalid }))
  .transform((email) => email.toLowerCase());

export const passwordSchema = z
  .string({ error: () => FIELD.passwordRequired })
  .min(1, { error: () => FIELD.passwordRequired })
  .min(8, { error: () => FIELD.passwordTooShort })
  .max(128, { error: () => FIELD.passwordTooLong });

export const fullNameSchema = z
  .string({ error: () => FIELD.fullNameRequired })
  .trim()
  .min(1, { error: () => FIELD.fullNameRequired })
  // One line that reads as what it is: no control or direction-changing characters.
  .refine(isSafeName, { error: () => FIELD.fullNameUnsafe })
  .max(200, { error: () => FIELD.fullNameTooLong });

export const signInInput = z.strictObject({
  email: emailSchema,
  password: z
    .string({ error: () => FIELD.passwordRequired })
    .min(1, { error: () => FIELD.passwordRequired })
    .max(128, { error: () => FIELD.passwordTooLong }),
});
export type SignInInput = z.input<typeof signInInput>;

export const signUpInput = z.strictObject({
  email: emailSchema,
  password: passwordSchema,
  fullName: fullNameSchema,
  /**
   * An invite code from a trainer's link: the new account joins that cohort. An
   * unknown, expired or revoked code is not found and no account is made.
   */
  invite: z
    .string()
    .trim()
    .min(1, { error: () => FIELD.inviteRequired })
    .max(64, { error: () => FIELD.inviteTooLong })
    .regex(/^[A-Za-z0-9-]+$/, { error: () => FIELD.inviteCharacters })
    .optional(),
});
export type SignUpInput = z.input<typeof signUpInput>;

/** An interface language (decision 049); null where the person has not chosen one. */
export const localeSchema = z.enum(INTERFACE_LOCALES);

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
  emailVerified: z.boolean(),
  /** The language they chose; the browser follows it once signed in. */
  locale: localeSchema.nullable(),
});
export type User = z.infer<typeof userSchema>;

export const userResponse = z.object({ user: userSchema });

export const passwordResetRequestInput = z.strictObject({ email: emailSchema });
export type PasswordResetRequestInput = z.input<typeof passwordResetRequestInput>;

/** The token from the link in the mail (32 base32 characters, as sessions' are). */
export const resetTokenSchema = z
  .string({ error: () => AUTH_TEXT.resetLinkInvalid })
  .regex(/^[a-z2-7]{32}$/, { error: () => AUTH_TEXT.resetLinkInvalid });

export const passwordResetInput = z.strictObject({
  token: resetTokenSchema,
  password: passwordSchema,
});
export type PasswordResetInput = z.input<typeof passwordResetInput>;

/** The token from a mail that confirms an address (as a reset link's). */
export const verifyTokenSchema = z
  .string({ error: () => ACCOUNT_TEXT.verifyLinkInvalid })
  .regex(/^[a-z2-7]{32}$/, { error: () => ACCOUNT_TEXT.verifyLinkInvalid });

export const verifyEmailInput = z.strictObject({ token: verifyTokenSchema });
export type VerifyEmailInput = z.input<typeof verifyEmailInput>;
/** The address the link confirmed: the account's from now on. */
export const emailVerified = z.object({ email: z.string() });

/** How long the link lasts, so the page can say so; the same whether or not the account exists. */
export const passwordResetRequested = z.object({ minutes: z.number().int().positive() });

export const authApi = resource('/auth', {
  /** 201 with a new session cookie. */
  signUp: { method: 'POST', route: '/sign-up', body: signUpInput, response: userResponse },
  signIn: { method: 'POST', route: '/sign-in', body: signInInput, response: userResponse },
  /** 204; the cookie is cleared. */
  signOut: { method: 'POST', route: '/sign-out', response: null },
  /** 401 when nobody is signed in. */
  me: { method: 'GET', route: '/me', response: userResponse },
  /** 202 whether or not an account uses the address; a mail goes only if one does. */
  requestPasswordReset: {
    method: 'POST',
    route: '/password-reset',
    body: passwordResetRequestInput,
    response: passwordResetRequested,
  },
  /** 204; the link is used up and every session of the account ends. */
  resetPassword: {
    method: 'POST',
    route: '/password-reset/confirm',
    body: passwordResetInput,
    response: null,
  },
  /**
   * 200: the address in the link is the account's, confirmed. Needs no sign-in: the link may be
   * opened on another device.
   */
  verifyEmail: {
    method: 'POST',
    route: '/verify-email',
    body: verifyEmailInput,
    response: emailVerified,
  },
});
