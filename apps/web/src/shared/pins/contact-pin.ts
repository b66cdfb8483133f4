import { accountsApi, type Contact } from '@eisteddfod/shared';
import { useMutation } from '@tanstack/react-query';
import { callApi, messageOf } from '../../lib/api-client.ts';
import { toast } from '../../lib/toasts.ts';

/**
 * Sends a contact pin (decision 031): to the account's own detail, or, given a `mobileNumber`,
 * to a number the checkout adds once its pin comes back (decision 050). A refusal is a toast.
 */
export function useSendContactPin(customerId: number, contact: Contact) {
  return useMutation({
    mutationFn: (mobileNumber?: string) =>
      callApi(accountsApi.requestContactPin, {
        params: { id: customerId },
        body: mobileNumber === undefined ? { contact } : { contact, mobileNumber },
      }),
    meta: { handlesErrors: true },
    onError: (error) => toast('error', messageOf(error), 'Error'),
  });
}
