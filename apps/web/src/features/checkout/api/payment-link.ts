import { paymentsApi } from '@eisteddfod/shared';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

interface PaymentRequest {
  orderId: number;
  email: string;
  sendWhatsAppConfirmation: boolean;
}

/**
 * Checks out: the server checks, prices and freezes the order, and answers where the buyer pays
 * (decision 006).
 */
function fetchPaymentLink(request: PaymentRequest) {
  return callApi(paymentsApi.paymentLink, {
    params: { id: request.orderId, email: request.email.trim() },
    query: { sendWhatsAppConfirmation: request.sendWhatsAppConfirmation },
  });
}

/** The screen shows the server's checkout refusals itself (as warnings). */
export function usePaymentLink() {
  return useMutation({ mutationFn: fetchPaymentLink, meta: { handlesErrors: true } });
}
