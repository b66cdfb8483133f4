import { accountsApi } from '@eisteddfod/shared';
import { ApiRequestError, callApi } from '../../../lib/api-client.ts';

export type LoginIdentifier = { email: string } | { mobileNumber: string };

/** Whether an account uses this email or mobile (404 means none). */
export async function accountExists(identifier: LoginIdentifier): Promise<boolean> {
  try {
    await callApi(accountsApi.search, { query: identifier });
    return true;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return false;
    throw error;
  }
}
