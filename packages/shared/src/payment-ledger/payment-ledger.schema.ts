import { z } from 'zod';
import { IdSchema } from '../api/id.schema.ts';
import { text } from '../api/text.schema.ts';

// Payments as organisers reconcile them (issue 17; docs/decisions/020-payment-ledger.md): what
// providers reported, what was recorded by hand (a bank transfer, cash), refunds and credits.

/** How money recorded by hand arrived or left. */
export const LEDGER_METHODS = ['bank_transfer', 'cash'] as const;
export type LedgerMethod = (typeof LEDGER_METHODS)[number];
export const LEDGER_METHOD_LABELS: Record<LedgerMethod, string> = {
  bank_transfer: 'Bank transfer',
  cash: 'Cash',
};

/** What an organiser records by hand: a payment received, or money given back (or owed). */
export const LEDGER_KINDS = ['manual_payment', 'refund', 'credit'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** Every kind of money movement the Payments screen lists: a provider's payment too. */
export const MOVEMENT_KINDS = ['provider_payment', ...LEDGER_KINDS] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];
export const MOVEMENT_KIND_LABELS: Record<MovementKind, string> = {
  provider_payment: 'Provider payment',
  manual_payment: 'Manual payment',
  refund: 'Refund',
  credit: 'Credit',
};

export const LEDGER_MESSAGES = {
  reference: 'Please enter the reference (for example the bank statement line).',
  receivedOn: 'Please enter the date the money was received.',
  future: 'The date cannot be in the future.',
  reason: 'Please say why.',
  amount: 'Please enter an amount in rands, such as 160 or 160.50.',
  amountDiffers: "The amount must equal the order's total.",
  notPayable: 'Only an unpaid order (a cart or one awaiting payment) can be paid by hand.',
  notPaid: 'A refund or a credit is recorded against a paid order only.',
  exceedsPaid: 'Refunds and credits cannot add up to more than the order was paid.',
} as const;

const reference = text()
  .transform((s) => s.trim())
  .pipe(z.string().min(1, LEDGER_MESSAGES.reference).max(100));
/** A calendar date, YYYY-MM-DD (the day on the bank statement). */
const day = text()
  .regex(/^\d{4}-\d{2}-\d{2}$/, LEDGER_MESSAGES.receivedOn)
  .refine(isCalendarDate, LEDGER_MESSAGES.receivedOn);

/** '2025-02-28' but not '2025-02-30': a day the calendar has (the database refuses others). */
function isCalendarDate(value: string): boolean {
  const at = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === value;
}
const amountCents = z
  .number(LEDGER_MESSAGES.amount)
  .int(LEDGER_MESSAGES.amount)
  .positive(LEDGER_MESSAGES.amount)
  .max(100_000_000, LEDGER_MESSAGES.amount);

/** POST /api/Staff/Orders/:id/ManualPayments: a bank transfer or cash for an unpaid order. */
export const RecordManualPaymentSchema = z.object({
  method: z.enum(LEDGER_METHODS, 'Please choose how it was paid'),
  reference,
  receivedOn: day,
  /** Must equal the order's total (after pricing it, when it is still a cart). */
  amountCents,
});
export type RecordManualPayment = z.infer<typeof RecordManualPaymentSchema>;

/** POST /api/Staff/Orders/:id/Adjustments: a refund or a credit against a paid order. */
export const RecordAdjustmentSchema = z.object({
  kind: z.enum(['refund', 'credit'], 'Please choose a refund or a credit'),
  method: z.enum(LEDGER_METHODS).nullable().default(null),
  reference,
  receivedOn: day,
  amountCents,
  reason: text()
    .transform((s) => s.trim())
    .pipe(z.string().min(1, LEDGER_MESSAGES.reason).max(500)),
});
export type RecordAdjustment = z.infer<typeof RecordAdjustmentSchema>;

/** One movement recorded by hand. */
export const LedgerMovementSchema = z.object({
  id: z.number().int(),
  kind: z.enum(LEDGER_KINDS),
  method: z.enum(LEDGER_METHODS).nullable(),
  reference: z.string(),
  amountCents: z.number().int(),
  orderId: z.number().int(),
  orderNumber: z.string(),
  receivedOn: z.string(),
  note: z.string().nullable(),
  recordedBy: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type LedgerMovement = z.infer<typeof LedgerMovementSchema>;

export const PAYMENTS_PAGE_SIZE = 25;

const paging = {
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  take: z.coerce.number().int().min(1).max(100).default(PAYMENTS_PAGE_SIZE),
};
const eventId = IdSchema.optional();

export const PaymentsQuerySchema = z.object({
  ...paging,
  eventId,
  kind: z.enum(MOVEMENT_KINDS).optional(),
  /** Words found in the order number, the family's name or the reference. */
  search: text()
    .max(100)
    .transform((s) => s.trim())
    .default(''),
});

/** A money movement as the Payments screen and the export show it. */
export const PaymentRowSchema = z.object({
  /** 'provider:12' or 'manual:3': unique across both sources. */
  key: z.string(),
  kind: z.enum(MOVEMENT_KINDS),
  /** When it was recorded (the order of the list). */
  at: z.iso.datetime({ offset: true }),
  /** The day the money moved, YYYY-MM-DD: as received by the provider, or as recorded. */
  date: z.string(),
  orderId: z.number().int(),
  orderNumber: z.string(),
  familyName: z.string(),
  eventId: z.number().int(),
  /** 'sandbox', 'payfast', 'bank_transfer', 'cash', or null for a credit with no method. */
  method: z.string().nullable(),
  /** A provider's payment: the provider's name ('PayFast'), as the server's provider says it. */
  providerName: z.string().optional(),
  reference: z.string().nullable(),
  amountCents: z.number().int(),
  /** The provider payment's state ('credited', 'rejected'…), 'recorded' for a movement by hand. */
  state: z.string(),
  note: z.string().nullable(),
});
export type PaymentRow = z.infer<typeof PaymentRowSchema>;

export const PaymentsPageSchema = z.object({
  rows: z.array(PaymentRowSchema),
  total: z.number().int(),
});
export type PaymentsPage = z.infer<typeof PaymentsPageSchema>;

export const NotificationsQuerySchema = z.object({
  ...paging,
  eventId,
  /** Only the notifications that failed a check. */
  failedOnly: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .default(false),
});

export const PaymentNotificationRowSchema = z.object({
  id: z.number().int(),
  provider: z.string(),
  /** The provider's name ('PayFast'), as the server's provider says it. */
  providerName: z.string().optional(),
  at: z.iso.datetime({ offset: true }),
  orderId: z.number().int().nullable(),
  orderNumber: z.string().nullable(),
  providerReference: z.string().nullable(),
  amountCents: z.number().int().nullable(),
  /** The provider's own state ('COMPLETE'…), when the notification said one. */
  providerState: z.string().nullable(),
  /** What our checks concluded: 'credited', 'pending', or why it failed. */
  outcome: z.string().nullable(),
  failed: z.boolean(),
  /** Why it failed, in words; null when it did not. */
  reason: z.string().nullable(),
});
export type PaymentNotificationRow = z.infer<typeof PaymentNotificationRowSchema>;

export const NotificationsPageSchema = z.object({
  rows: z.array(PaymentNotificationRowSchema),
  total: z.number().int(),
});
export type NotificationsPage = z.infer<typeof NotificationsPageSchema>;

export const ReconciliationQuerySchema = z.object({ eventId });

/** An order whose money does not add up, and why. */
const DiscrepancySchema = z.object({
  orderId: z.number().int(),
  orderNumber: z.string(),
  familyName: z.string(),
  totalCents: z.number().int(),
  receivedCents: z.number().int(),
  reason: z.string(),
});
export type Discrepancy = z.infer<typeof DiscrepancySchema>;

export const ReconciliationSchema = z.object({
  /** Paid orders' totals: what families were charged. */
  chargedCents: z.number().int(),
  paidOrders: z.number().int(),
  /** Credited provider payments. */
  providerCents: z.number().int(),
  /** Payments recorded by hand. */
  manualCents: z.number().int(),
  refundCents: z.number().int(),
  creditCents: z.number().int(),
  /** Provider + manual − refunds − credits. */
  netCents: z.number().int(),
  /** (Provider + manual) − charged: zero when every paid order was paid exactly once. */
  differenceCents: z.number().int(),
  discrepancies: z.array(DiscrepancySchema),
});
export type Reconciliation = z.infer<typeof ReconciliationSchema>;

export const ExportPaymentsQuerySchema = z.object({ eventId });
