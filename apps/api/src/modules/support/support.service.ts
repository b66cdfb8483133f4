import type { SupportTicket } from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';
import type { Outbox } from '../outbox/index.ts';
import { insertTicket } from './support.repository.ts';
import { text } from './text.ts';

/** What a bot that filled the honeypot is told: thanked like anyone, nothing kept or sent. */
const BOT_TICKET_NUMBER = 'T-000000';

/** The contact form's support tickets (spec 7): kept, acknowledged, passed to the organisers. */
export function createSupportService(deps: {
  db: Database;
  outbox: Outbox;
  organiserEmail: string;
}) {
  return {
    async openTicket(ticket: SupportTicket): Promise<string> {
      if (ticket.website) return BOT_TICKET_NUMBER;
      const ticketNumber = await insertTicket(deps.db, ticket);
      const details = [
        `Ticket ${ticketNumber}`,
        `From: ${ticket.name} <${ticket.email}>${ticket.mobileNumber ? `, ${ticket.mobileNumber}` : ''}`,
        `Subject: ${ticket.subject}`,
        '',
        ticket.message,
      ].join('\n');
      // The acknowledgement repeats nothing the sender wrote, so the form cannot relay spam.
      await deps.outbox.enqueueEmail(
        ticket.email,
        text('receivedSubject', { ticketNumber }),
        text('receivedBody', { ticketNumber }),
      );
      // The organisers' copy stays in English: staff read it, not the family.
      await deps.outbox.enqueueEmail(
        deps.organiserEmail,
        `Support ${ticketNumber}: ${ticket.subject}`,
        details,
      );
      return ticketNumber;
    },
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
