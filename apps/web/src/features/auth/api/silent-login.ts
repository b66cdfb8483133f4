import { LoginResultSchema } from '@eisteddfod/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * POST /api/Authentication/SilentLogin (spec 3: the password is always the literal 'none').
 * Before a pin is verified the token can only request a pin; afterwards it is a session.
 */
export function silentLogin(username: string, isMobile: boolean) {
  return apiRequest('/api/Authentication/SilentLogin', LoginResultSchema, {
    method: 'POST',
    body: { username, password: 'none', isMobile },
  });
}
