import { z } from 'zod';
import { IdSchema } from '../api/id.schema.ts';
import { text } from '../api/text.schema.ts';
import { BankingSchema } from '../event/event-setup.schema.ts';

// A teacher's order as a statement, and a school's statement across its teachers (issue 35,
// decision 066). Money in cents.

const OrderStateSchema = z.enum(['cart', 'awaiting_payment', 'paid']);

/** One teacher's order on a school's statement. */
export const StatementOrderSchema = z.object({
  orderId: z.number().int(),
  orderNumber: z.string(),
  /** What the EFT carries: statementReference(orderId). */
  reference: z.string(),
  teacherName: z.string(),
  status: OrderStateSchema,
  /** Whether the caller placed it (they may pay it). */
  own: z.boolean(),
  entries: z.number().int(),
  /** A cart: priced now by checkout's rules; checked out: its frozen total. */
  totalCents: z.number().int(),
  paidCents: z.number().int(),
  owedCents: z.number().int(),
  /** Refunds and credits the organiser recorded against it (the ledger). */
  refundedCents: z.number().int(),
});
export type StatementOrder = z.infer<typeof StatementOrderSchema>;

const StatementTotalsSchema = z.object({
  entries: z.number().int(),
  totalCents: z.number().int(),
  paidCents: z.number().int(),
  owedCents: z.number().int(),
  refundedCents: z.number().int(),
});

/** A school's statement: a teacher's own orders, or (a coordinator, an organiser) every teacher's. */
export const SchoolStatementSchema = z.object({
  schoolName: z.string(),
  wholeSchool: z.boolean(),
  orders: z.array(StatementOrderSchema),
  totals: StatementTotalsSchema,
  /** Where an EFT goes; null until the organiser has set every detail. */
  banking: BankingSchema.nullable(),
});
export type SchoolStatement = z.infer<typeof SchoolStatementSchema>;

export const StatementOrderParamsSchema = z.object({
  id: IdSchema,
  membershipId: IdSchema,
  orderId: IdSchema,
});

/** An order found by its statement reference (the ledger's record-payment dialog). */
export const StatementLookupSchema = z.object({
  orderId: z.number().int(),
  orderNumber: z.string(),
  reference: z.string(),
  status: z.enum(['cart', 'awaiting_payment', 'paid', 'cancelled']),
  /** What must be paid: the frozen total, or a cart priced now. */
  totalCents: z.number().int(),
  payerName: z.string(),
  entries: z.number().int(),
});
export type StatementLookup = z.infer<typeof StatementLookupSchema>;

export const StatementReferenceParamsSchema = z.object({ reference: text().max(40) });
