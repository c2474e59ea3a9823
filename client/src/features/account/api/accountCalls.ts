import {
  accountApi,
  type Account,
  type ChangeEmailInput,
  type ChangePasswordInput,
  type RenameInput,
} from '#shared/api/account';
import { callApi } from '../../../lib/api';
import { authApi } from '#shared/api/auth';
import { ssoApi } from '#shared/api/sso';

/** The account page's calls, each through its contract in shared/api/account.ts. */

export async function rename(input: RenameInput): Promise<Account> {
  const { account } = await callApi(accountApi.rename, { body: input });
  return account;
}

export function changeEmail(input: ChangeEmailInput) {
  return callApi(accountApi.changeEmail, { body: input });
}

export function resendVerification() {
  return callApi(accountApi.resendVerification);
}

export async function changePassword(input: ChangePasswordInput): Promise<void> {
  await callApi(accountApi.changePassword, { body: input });
}

export async function signOutEverywhere(): Promise<void> {
  await callApi(accountApi.signOutEverywhere);
}

/**
 * A link to choose a password, for an account made through the school's sign-in (decision 050):
 * the reset link, mailed to the account's own address. Returns how long it lasts.
 */
export async function requestPasswordLink(email: string): Promise<number> {
  const { minutes } = await callApi(authApi.requestPasswordReset, { body: { email } });
  return minutes;
}

/**
 * Begins linking a school sign-in to this account (decision 050's addendum): the server makes
 * the flow for this session and browser, and answers where to send the browser.
 */
export async function startLinking(provider: string): Promise<string> {
  const { url } = await callApi(ssoApi.link, { params: { provider } });
  return url;
}

export async function unlink(provider: string): Promise<void> {
  await callApi(ssoApi.unlink, { params: { provider } });
}
