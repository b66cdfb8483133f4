import { medalFor } from '@eisteddfod/shared';
import { csvRow } from '../../lib/csv.ts';
import type { Database } from '../../db/client.ts';
import { findGroupMembers } from '../orders/index.ts';
import type { EntryScope } from '../../plugins/scope.ts';
import { findEntriesPage } from './csv-export.repository.ts';
import { entryCode, markStatusOf } from './marking.service.ts';

const HEADER = [
  'Order',
  'Payment',
  'Entry code',
  'Item code',
  'Item',
  'Category',
  'Section',
  'Contestant first name',
  'Contestant surname',
  'School',
  'Grade',
  'Group name',
  'Group participants',
  'Status',
  'Mark status',
  'Total',
  'Medal',
  'Adjudicator',
];

const PAGE = 500;

/**
 * The entries of paid and unpaid-but-checked-out orders, page by page, as CSV lines: the
 * caller streams them, so a large event never sits in memory whole.
 */
export async function* entriesCsv(
  db: Database,
  scope: EntryScope,
  eventId: number,
): AsyncGenerator<string> {
  yield '\uFEFF' + csvRow(HEADER);
  let after = 0;
  for (;;) {
    const rows = await findEntriesPage(db, scope, eventId, after, PAGE);
    if (rows.length === 0) return;
    const members = await findGroupMembers(
      db,
      rows.map((r) => r.id),
    );
    let chunk = '';
    for (const r of rows) {
      const status = markStatusOf(r);
      const group = members
        .filter((m) => m.orderItemId === r.id)
        .map((m) => `${m.firstName} ${m.surname} (${m.school})`)
        .join('; ');
      chunk += csvRow([
        r.orderId,
        r.orderStatus === 'paid' ? 'Paid' : 'Awaiting payment',
        entryCode(r.id),
        r.itemCode,
        r.itemTitle,
        r.categoryName,
        r.section,
        r.firstName,
        r.surname,
        r.school,
        r.grade,
        r.groupName,
        group,
        r.isCancelled ? 'Withdrawn' : r.isSubmittedForMarking ? 'Finalised' : 'Not finalised',
        status,
        status === 'unmarked' ? null : r.markTotal,
        status === 'submitted' || status === 'published' ? medalFor(r.markTotal ?? 0) : null,
        r.adjudicator,
      ]);
    }
    yield chunk;
    after = rows[rows.length - 1]!.id;
    if (rows.length < PAGE) return;
  }
}
