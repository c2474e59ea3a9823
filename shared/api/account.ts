import { z } from 'zod';
import { AUTH_TEXT } from '../text';
import { emailSchema, fullNameSchema, localeSchema, passwordSchema } from './auth';
import { resource } from './endpoint';

/** /api/account: the signed-in person's own account (the account page). */

export const accountSchema = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
  /** False until the link mailed at sign-up is opened. */
  emailVerified: z.boolean(),
  /** A new address waiting for its link to be opened, or null. */
  pendingEmail: z.string().nullable(),
  /** The interface language they chose (decision 049), or null: their browser's decides. */
  locale: localeSchema.nullable(),
  /**
   * False for an account made through the school's sign-in (decision 050): the page asks for no
   * current password it does not have, and offers a link by mail to choose one.
   */
  hasPassword: z.boolean(),
  /** False when an organisation of theirs signs its people in through the school only. */
  passwordSignIn: z.boolean(),
  /** The school sign-ins linked to the account, by the name of their button. */
  linkedSignIns: z.array(z.object({ label: z.string(), linkedAt: z.string() })),
  /**
   * Each configured school sign-in (none when none is configured), and whether this account is
   * linked to it: the account page's Link and Unlink (decision 050's addendum).
   */
  schoolSignIns: z.array(z.object({ id: z.string(), label: z.string(), linked: z.boolean() })),
});
export type Account = z.infer<typeof accountSchema>;

export const accountResponse = z.object({ account: accountSchema });

export const renameInput = z.strictObject({ fullName: fullNameSchema });
export type RenameInput = z.input<typeof renameInput>;

/** The current password is asked again: a session left open must not be enough. */
const currentPasswordSchema = z
  .string({ error: () => AUTH_TEXT.field.currentPasswordRequired })
  .min(1, { error: () => AUTH_TEXT.field.currentPasswordRequired })
  .max(128, { error: () => AUTH_TEXT.field.passwordTooLong });

export const changeEmailInput = z.strictObject({
  email: emailSchema,
  currentPassword: currentPasswordSchema,
});
export type ChangeEmailInput = z.input<typeof changeEmailInput>;

export const changePasswordInput = z.strictObject({
  currentPassword: currentPasswordSchema,
  newPassword: passwordSchema,
});
export type ChangePasswordInput = z.input<typeof changePasswordInput>;

/** The interface language to use from now on: pages, error sentences and mail. */
export const languageInput = z.strictObject({ locale: localeSchema });
export type LanguageInput = z.input<typeof languageInput>;

/** Where a confirmation link went and how long it works, so the page can say so. */
export const linkSent = z.object({
  email: z.string(),
  hours: z.number().int().positive(),
});

export const accountApi = resource('/account', {
  get: { method: 'GET', route: '/', response: accountResponse },
  rename: { method: 'POST', route: '/name', body: renameInput, response: accountResponse },
  /** 202: a link goes to the new address (the old one is told); the address changes when it is opened. */
  changeEmail: { method: 'POST', route: '/email', body: changeEmailInput, response: linkSent },
  /** 202: the link for the address waiting to be confirmed (the new one, or the account's own). */
  resendVerification: { method: 'POST', route: '/verification', response: linkSent },
  /** 204: this session stays; every other session of the account ends. */
  changePassword: {
    method: 'POST',
    route: '/password',
    body: changePasswordInput,
    response: null,
  },
  /** Saves the interface language (decision 049); answers the account, in that language. */
  language: { method: 'POST', route: '/language', body: languageInput, response: accountResponse },
  /** 204: every session of the account ends, this one included; the cookie is cleared. */
  signOutEverywhere: { method: 'POST', route: '/sign-out-everywhere', response: null },
});
