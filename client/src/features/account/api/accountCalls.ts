import {
  accountApi,
  type Account,
  type ChangeEmailInput,
  type ChangePasswordInput,
  type RenameInput,
} from '#shared/api/account';
import { callApi } from '../../../lib/api';

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
