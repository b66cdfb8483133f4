import { PinSentSchema } from '@eisteddfod/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** Sends a one-time pin by WhatsApp in mobile mode, else by email (spec 4); needs the token. */
export function requestPin(customerId: number, isMobile: boolean) {
  const channel = isMobile ? 'whatsapp' : 'email';
  return apiRequest(`/api/Customers/${customerId}/${channel}-one-time-pin`, PinSentSchema, {
    method: 'POST',
  });
}
