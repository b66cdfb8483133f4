import { defineEndpoint } from '../api/endpoint.ts';
import {
  ExportPaymentsQuerySchema,
  LedgerMovementSchema,
  NotificationsPageSchema,
  NotificationsQuerySchema,
  PaymentsPageSchema,
  PaymentsQuerySchema,
  ReconciliationQuerySchema,
  ReconciliationSchema,
  RecordAdjustmentSchema,
  RecordManualPaymentSchema,
} from '../payment-ledger/payment-ledger.schema.ts';
import { OrderIdParamsSchema } from '../cart/cart.schema.ts';

const tags = ['Staff: payments'];
const errors = [400, 401, 403, 404, 409] as const;
const staff = { staff: 'manage:payments' } as const;

/**
 * /api/Staff/Payments: organisers reconcile the money (issue 17, decision 020): providers'
 * payments and notifications, payments recorded by hand, refunds and credits, the totals and
 * the bookkeeper's export.
 */
export const paymentLedgerApi = {
  payments: defineEndpoint({
    method: 'GET',
    path: '/api/Staff/Payments',
    access: staff,
    tags,
    summary: "Every money movement: providers' payments, and what was recorded by hand",
    query: PaymentsQuerySchema,
    responses: { 200: PaymentsPageSchema },
    errors,
  }),
  notifications: defineEndpoint({
    method: 'GET',
    path: '/api/Staff/Payments/Notifications',
    access: staff,
    tags,
    summary: "Providers' payment notifications, failed ones first, with why they failed",
    query: NotificationsQuerySchema,
    responses: { 200: NotificationsPageSchema },
    errors,
  }),
  reconciliation: defineEndpoint({
    method: 'GET',
    path: '/api/Staff/Payments/Reconciliation',
    access: staff,
    tags,
    summary: 'Charged, reported by providers, recorded by hand, refunded, and what differs',
    query: ReconciliationQuerySchema,
    responses: { 200: ReconciliationSchema },
    errors,
  }),
  exportCsv: defineEndpoint({
    method: 'GET',
    path: '/api/Staff/Payments/Export.csv',
    access: staff,
    tags,
    summary: 'One row per money movement, for the bookkeeper (CSV)',
    query: ExportPaymentsQuerySchema,
    responses: { 200: null },
    produces: ['text/csv'],
    errors,
  }),
  recordPayment: defineEndpoint({
    method: 'POST',
    path: '/api/Staff/Orders/:id/ManualPayments',
    access: staff,
    tags,
    summary: 'Record a bank transfer or cash for an unpaid order: it becomes paid',
    params: OrderIdParamsSchema,
    body: RecordManualPaymentSchema,
    // 201 when recorded; 200 when the same reference was recorded for this order before.
    responses: { 200: LedgerMovementSchema, 201: LedgerMovementSchema },
    errors,
  }),
  recordAdjustment: defineEndpoint({
    method: 'POST',
    path: '/api/Staff/Orders/:id/Adjustments',
    access: staff,
    tags,
    summary: 'Record a refund or a credit against a paid order (the entries do not change)',
    params: OrderIdParamsSchema,
    body: RecordAdjustmentSchema,
    responses: { 200: LedgerMovementSchema, 201: LedgerMovementSchema },
    errors,
  }),
};
