import { publicSiteApi, SupportTicketSchema, type SupportTicket } from '@eisteddfod/shared';
import { callApi } from '../../../lib/api-client.ts';
import { issueWords } from '../../../lib/i18n/issue-words.ts';

/**
 * The form's fields checked with the shared schema, in the schema's order: the ticket, or the
 * first problem's message.
 */
export function readTicket(
  fields: Record<keyof SupportTicket, string>,
): { ticket: SupportTicket } | { problem: string } {
  const parsed = SupportTicketSchema.safeParse(fields);
  if (parsed.success) return { ticket: parsed.data };
  // The schema's messages are catalogue ids (decision 057), loaded with the contact page.
  const id = parsed.error.issues[0]?.message;
  return { problem: id ? issueWords(id) : 'Please check the form.' };
}

/**
 * Sends a question: 201 with the ticket number; 400 names a field; 429 when too many. A module
 * of its own, loaded when the form is first used: the fields and the answer are checked with zod, 26 KB gzipped
 * the page does not need to show (decision 029).
 */
export function createSupportTicket(ticket: SupportTicket) {
  return callApi(publicSiteApi.supportTicket, { body: ticket });
}
