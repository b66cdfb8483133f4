import { accountsApi } from '@eisteddfod/shared';
import { callApi } from '../../../lib/api-client.ts';

/**
 * Starts a login (spec 3: the password is always the literal 'none').
 * Before a pin is verified the token can only request a pin; afterwards it is a session.
 */
export function silentLogin(username: string, isMobile: boolean) {
  return callApi(accountsApi.silentLogin, {
    body: { username, password: 'none', isMobile },
  });
}
