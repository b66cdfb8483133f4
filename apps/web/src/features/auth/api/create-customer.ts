import { CreatedCustomerSchema, type CustomerAndUserSchema } from '@eisteddfod/shared';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

export type NewAccount = z.input<typeof CustomerAndUserSchema>;

/** POST /api/Customers/CustomerAndUser; a 409 ACCOUNT_EXISTS means the email or mobile is taken. */
export function createCustomerAndUser(account: NewAccount) {
  return apiRequest('/api/Customers/CustomerAndUser', CreatedCustomerSchema, {
    method: 'POST',
    body: account,
  });
}
