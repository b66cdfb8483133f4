import { publicSiteApi, type SupportTicket } from '@eisteddfod/shared';
import { useMutation } from '@tanstack/react-query';
import { ApiRequestError, callApi } from '../../../lib/api-client.ts';
import { handleHttpError } from '../../../lib/http-errors.ts';
import { toast } from '../../../lib/toasts.ts';

/** Sends a question: 201 with the ticket number; 400 names a field; 429 when too many. */
function createSupportTicket(ticket: SupportTicket) {
  return callApi(publicSiteApi.supportTicket, { body: ticket });
}

export function useCreateSupportTicket() {
  return useMutation({
    mutationFn: createSupportTicket,
    meta: { handlesErrors: true },
    onError: showTicketError,
  });
}

/** The server's own words for a rejected field (400) or too many messages (429); else spec 8. */
function showTicketError(error: unknown) {
  if (error instanceof ApiRequestError && error.body && [400, 429].includes(error.status)) {
    toast(error.status === 429 ? 'error' : 'warning', error.body.message);
    return;
  }
  handleHttpError(error);
}
