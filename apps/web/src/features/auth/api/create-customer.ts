import { accountsApi, type CustomerAndUserSchema } from '@eisteddfod/shared';
import type { z } from 'zod';
import { callApi } from '../../../lib/api-client.ts';

export type NewAccount = z.input<typeof CustomerAndUserSchema>;

/** Registers; a 409 ACCOUNT_EXISTS means the email or mobile is taken. */
export function createCustomerAndUser(account: NewAccount) {
  return callApi(accountsApi.register, { body: account });
}
