import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageOf } from '../../../../lib/api-client.ts';
import { toast } from '../../../../lib/toasts.ts';

// The Payments screen and the dialogs that record money by hand (issue 17; paymentLedgerApi).

/** The payment queries' common start. */
export const paymentsKey = ['staff', 'payments'] as const;

/**
 * Money recorded by hand changes an order everywhere (its state, the family desk, the totals):
 * every query is read again.
 */
export function useLedgerChange<V>(run: (variables: V) => Promise<unknown>, notSaved: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    meta: { handlesErrors: true },
    onSuccess: () => void queryClient.invalidateQueries(),
    onError: (error) => toast('error', messageOf(error), notSaved),
  });
}
