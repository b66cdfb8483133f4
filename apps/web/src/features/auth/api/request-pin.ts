import { accountsApi } from '@eisteddfod/shared';
import { callApi } from '../../../lib/api-client.ts';

/** Sends a one-time pin by WhatsApp in mobile mode, else by email (spec 4); needs the token. */
export function requestPin(customerId: number, isMobile: boolean) {
  const channel = isMobile ? 'whatsapp' : 'email';
  return callApi(accountsApi.requestPin[channel], { params: { id: customerId } });
}
