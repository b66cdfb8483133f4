import { type Overview, type Section, SECTIONS } from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';
import type { EntryScope } from '../../plugins/scope.ts';
import * as repo from './overview.repository.ts';

/** Entries in scope per section and status, and payments received, for the organiser overview. */
export async function overviewFigures(
  db: Database,
  scope: EntryScope,
  eventId: number,
): Promise<Omit<Overview, 'adjudicators'>> {
  const rows = await repo.countEntriesBySection(db, scope, eventId);
  const orderCounts = await repo.countOrders(db, eventId);
  const receivedCents = await repo.sumCreditedPayments(db, eventId);
  return {
    sections: SECTIONS.map((section: Section) => {
      const r = rows.find((x) => x.section === section);
      return {
        section,
        entries: r?.entries ?? 0,
        finalised: r?.finalised ?? 0,
        withdrawn: r?.withdrawn ?? 0,
        marked: r?.marked ?? 0,
        published: r?.published ?? 0,
      };
    }),
    payments: {
      paidOrders: orderCounts.paid,
      awaitingPayment: orderCounts.awaiting,
      receivedCents,
    },
  };
}
