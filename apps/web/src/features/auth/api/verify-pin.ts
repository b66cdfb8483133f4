import { accountsApi } from '@eisteddfod/shared';
import { callApi } from '../../../lib/api-client.ts';

/** Checks a pin: true or false. The email call checks WhatsApp pins too. */
export function verifyPin(customerId: number, pin: string) {
  return callApi(accountsApi.verifyPin.email, { params: { id: customerId }, query: { pin } });
}
