import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

/** PUT /api/Customers/{id}/email-one-time-pin?pin: true or false; checks WhatsApp pins too. */
export function verifyPin(customerId: number, pin: string) {
  const query = new URLSearchParams({ pin });
  return apiRequest(`/api/Customers/${customerId}/email-one-time-pin?${query}`, z.boolean(), {
    method: 'PUT',
  });
}
