import { PaymentLinkSchema } from '@eisteddfod/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export interface PaymentRequest {
  orderId: number;
  email: string;
  sendWhatsAppConfirmation: boolean;
}

/**
 * GET /api/Orders/{id}/PaymentLink/{email}?sendWhatsAppConfirmation: the server checks, prices
 * and freezes the order, and answers where the buyer pays (decision 006).
 */
export function fetchPaymentLink(request: PaymentRequest) {
  const email = encodeURIComponent(request.email.trim());
  const query = `sendWhatsAppConfirmation=${request.sendWhatsAppConfirmation}`;
  return apiRequest(
    `/api/Orders/${request.orderId}/PaymentLink/${email}?${query}`,
    PaymentLinkSchema,
  );
}

/** The screen shows the server's checkout refusals itself (as warnings). */
export function usePaymentLink() {
  return useMutation({ mutationFn: fetchPaymentLink, meta: { handlesErrors: true } });
}
