import { accountApi, type Account } from '#shared/api/account';
import { callApi } from '../../../lib/api';

export async function getAccount(): Promise<Account> {
  const { account } = await callApi(accountApi.get);
  return account;
}
