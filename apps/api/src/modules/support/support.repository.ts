import type { SupportTicket } from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';
import { supportTickets } from '../../db/schema/index.ts';

/** Keeps a ticket and answers its number, T-000123. */
export async function insertTicket(db: Database, ticket: SupportTicket): Promise<string> {
  const [row] = await db
    .insert(supportTickets)
    .values({
      name: ticket.name,
      email: ticket.email,
      mobileNumber: ticket.mobileNumber || null,
      subject: ticket.subject,
      message: ticket.message,
    })
    .returning({ id: supportTickets.id });
  return `T-${String(row?.id ?? 0).padStart(6, '0')}`;
}
