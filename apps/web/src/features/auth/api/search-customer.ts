import { AccountExistsSchema } from '@eisteddfod/shared';
import { ApiRequestError, apiRequest } from '../../../lib/api-client.ts';

export type LoginIdentifier = { email: string } | { mobileNumber: string };

/** GET /api/Customers/search: whether an account uses this email or mobile (404 means none). */
export async function accountExists(identifier: LoginIdentifier): Promise<boolean> {
  const query = new URLSearchParams(identifier);
  try {
    await apiRequest(`/api/Customers/search?${query}`, AccountExistsSchema);
    return true;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return false;
    throw error;
  }
}
