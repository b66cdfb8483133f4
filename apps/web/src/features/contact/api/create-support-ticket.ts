import type { SupportTicket } from '@eisteddfod/shared';
import { useMutation } from '@tanstack/react-query';
import { messageOf } from '../../../lib/api-client.ts';
import { ApiRequestError } from '../../../lib/api-fetch.ts';
import { handleHttpError } from '../../../lib/http-errors.ts';
import { toast } from '../../../lib/toasts.ts';

/**
 * Starts loading the form's checks and call (with zod, imported on first use: decision 029)
 * when someone first touches the form, so sending does not wait.
 */
export function preloadSupportTicketCall(): void {
  void import('./support-ticket-call.ts');
}

export function useCreateSupportTicket() {
  return useMutation({
    mutationFn: async (ticket: SupportTicket) => {
      const { createSupportTicket } = await import('./support-ticket-call.ts');
      return createSupportTicket(ticket);
    },
    meta: { handlesErrors: true },
    onError: showTicketError,
  });
}

/** The server's own words for a rejected field (400) or too many messages (429); else spec 8. */
function showTicketError(error: unknown) {
  if (error instanceof ApiRequestError && error.body && [400, 429].includes(error.status)) {
    toast(error.status === 429 ? 'error' : 'warning', messageOf(error));
    return;
  }
  handleHttpError(error);
}
