import { MOVEMENT_KIND_LABELS, LEDGER_METHOD_LABELS, type LedgerMethod } from '@eisteddfod/shared';
import { stringify } from 'csv-stringify/sync';
import type { PaymentRecord } from './payment-ledger.repository.ts';
import { orderNumberOf } from './payment-ledger.service.ts';

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

/**
 * Text typed by a person (a name, a reference, a note) is prefixed with ' when it starts with
 * = + - @ (or a tab or carriage return), so that a spreadsheet never runs it (CSV injection).
 */
const safeText = (value: string | null): string =>
  value === null ? '' : /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;

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
  yield '\uFEFF' + stringify([HEADER], { record_delimiter: 'windows' });
  for (let offset = 0; ; offset += BATCH) {
    const rows = await batch(offset, BATCH);
    if (rows.length === 0) return;
    yield stringify(
      rows.map((r) => [
        r.date,
        orderNumberOf(r.eventYear, r.orderId),
        safeText(r.familyName),
        MOVEMENT_KIND_LABELS[r.kind],
        safeText(methodLabel(r.method)),
        safeText(r.reference),
        signedRands(r),
        r.state,
        safeText(r.note),
        safeText(r.eventName),
      ]),
      { record_delimiter: 'windows' },
    );
    if (rows.length < BATCH) return;
  }
}
