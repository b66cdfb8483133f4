import type { LedgerKind, LedgerMethod } from '@eisteddfod/shared';
import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';
import { orders } from './orders.ts';

/**
 * Money recorded by hand (issue 17, decision 020): a bank transfer or cash that paid an order,
 * or a refund or credit against a paid order. Providers' payments are in `payments`. The
 * reference and note are free text; erasure redacts them.
 */
export const ledgerMovements = pgTable(
  'ledger_movements',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id),
    kind: text().notNull().$type<LedgerKind>(),
    method: text().$type<LedgerMethod>(),
    reference: text().notNull(),
    amountCents: integer().notNull(),
    /** The day on the bank statement or the receipt, YYYY-MM-DD. */
    receivedOn: date().notNull(),
    note: text(),
    recordedBy: integer().references(() => customers.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_movements_reference_uq').on(t.orderId, t.kind, t.reference),
    uniqueIndex('ledger_movements_one_payment_uq')
      .on(t.orderId)
      .where(sql`${t.kind} = 'manual_payment'`),
    check('ledger_movements_kind_ck', sql`${t.kind} in ('manual_payment', 'refund', 'credit')`),
    check(
      'ledger_movements_method_ck',
      sql`${t.method} is null or ${t.method} in ('bank_transfer', 'cash')`,
    ),
    check(
      'ledger_movements_payment_method_ck',
      sql`${t.kind} <> 'manual_payment' or ${t.method} is not null`,
    ),
    check('ledger_movements_amount_ck', sql`${t.amountCents} > 0`),
    check('ledger_movements_reference_ck', sql`length(${t.reference}) between 1 and 100`),
  ],
);
