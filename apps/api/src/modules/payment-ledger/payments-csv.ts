import { MOVEMENT_KIND_LABELS, LEDGER_METHOD_LABELS, type LedgerMethod } from '@eisteddfod/shared';
import { csvRow } from '../../lib/csv.ts';
import type { PaymentRecord } from './payment-ledger.repository.ts';
import { orderNumber } from '../orders/index.ts';

// The bookkeeper's export (issue 17, decision 020): one row per money movement, in the style of
// the entries export (adjudication/csv-export.ts): UTF-8 with a byte-order mark, streamed a
// batch at a time, and no cell a spreadsheet would run as a formula.

const HEADER = [
  'Date',
  'Order',
  'Family',
  'Kind',
  'Method',
  'Reference',
  'Amount (R)',
  'State',
  'Note',
  'Event',
];

const methodLabel = (method: string | null) =>
  method === null ? '' : (LEDGER_METHOD_LABELS[method as LedgerMethod] ?? method);

/** Rands with two decimals; refunds and credits negative, so that the column sums to net. */
function signedRands(record: Pick<PaymentRecord, 'kind' | 'amountCents'>): string {
  const out = record.kind === 'refund' || record.kind === 'credit';
  return ((out ? -record.amountCents : record.amountCents) / 100).toFixed(2);
}

const BATCH = 500;

export async function* paymentsCsv(
  batch: (offset: number, limit: number) => Promise<PaymentRecord[]>,
): AsyncGenerator<string> {
  yield '\uFEFF' + csvRow(HEADER);
  for (let offset = 0; ; offset += BATCH) {
    const rows = await batch(offset, BATCH);
    if (rows.length === 0) return;
    yield rows
      .map((r) =>
        csvRow([
          r.date,
          orderNumber(r.eventYear, r.orderId),
          r.familyName,
          MOVEMENT_KIND_LABELS[r.kind],
          methodLabel(r.method),
          r.reference,
          signedRands(r),
          r.state,
          r.note,
          r.eventName,
        ]),
      )
      .join('');
    if (rows.length < BATCH) return;
  }
}
