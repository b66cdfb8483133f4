import { and, asc, desc, eq, isNull, lt, notInArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { orderItems, orders, paymentNotifications, payments } from '../../db/schema/index.ts';

export type PaymentRow = typeof payments.$inferSelect;

/**
 * Freezes what the customer is about to pay: each entry's price and the order's totals, with the
 * order row locked. If the entries changed since they were priced, nothing is frozen: 'changed'.
 */
export async function freezeOrder(
  db: Database,
  orderId: number,
  prices: { orderItemId: number; priceCents: number }[],
  totals: {
    subtotalCents: number;
    surchargeCents: number;
    totalCents: number;
    sendWhatsAppConfirmation: boolean;
    confirmationEmail: string;
  },
  now: Date,
): Promise<'frozen' | 'changed' | 'not_payable'> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order || !['cart', 'awaiting_payment'].includes(order.status)) return 'not_payable';
    const current = await tx
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId));
    const priced = new Set(prices.map((p) => p.orderItemId));
    if (current.length !== priced.size || current.some((c) => !priced.has(c.id))) return 'changed';
    await tx
      .update(orders)
      .set({ ...totals, status: 'awaiting_payment', checkedOutAt: now })
      .where(eq(orders.id, orderId));
    for (const p of prices) {
      await tx
        .update(orderItems)
        .set({ priceCents: p.priceCents })
        .where(eq(orderItems.id, p.orderItemId));
    }
    return 'frozen';
  });
}

export type CreditOutcome =
  | 'credited'
  | 'duplicate'
  | 'unknown_order'
  | 'already_paid'
  | 'not_awaiting_payment'
  | 'not_complete'
  | 'amount_mismatch';

/**
 * Records a verified notification and credits the order when everything agrees, in one
 * transaction. The provider's payment id is unique, so a replay (or fifty copies at once)
 * records nothing new; the order row is locked so it is credited once.
 */
export async function recordPayment(
  db: Database,
  payment: {
    provider: string;
    providerPaymentId: string;
    orderId: number;
    amountCents: number;
    isComplete: boolean;
    payload: Record<string, string>;
  },
  now: Date,
): Promise<CreditOutcome> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(eq(orders.id, payment.orderId))
      .for('update');
    if (!order) return 'unknown_order';
    const inserted = await tx
      .insert(payments)
      .values({
        orderId: payment.orderId,
        provider: payment.provider,
        providerPaymentId: payment.providerPaymentId,
        amountCents: payment.amountCents,
        status: 'received',
        payload: payment.payload,
      })
      .onConflictDoNothing()
      .returning({ id: payments.id });
    const paymentId = inserted[0]?.id;
    if (paymentId === undefined) return 'duplicate';
    const outcome: CreditOutcome =
      order.status === 'paid'
        ? 'already_paid'
        : order.status !== 'awaiting_payment'
          ? 'not_awaiting_payment'
          : !payment.isComplete
            ? 'not_complete'
            : order.totalCents !== payment.amountCents
              ? 'amount_mismatch'
              : 'credited';
    if (outcome === 'credited') {
      await tx
        .update(orders)
        .set({ status: 'paid', completedAt: now })
        .where(eq(orders.id, payment.orderId));
    }
    await tx.update(payments).set({ status: outcome }).where(eq(payments.id, paymentId));
    return outcome;
  });
}

export async function findCustomerOrders(db: Database, customerId: number) {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.customerId, customerId), notInArray(orders.status, ['cart', 'cancelled'])))
    .orderBy(desc(orders.id));
}

export async function findPaymentsOfOrder(db: Database, orderId: number): Promise<PaymentRow[]> {
  return db.select().from(payments).where(eq(payments.orderId, orderId));
}

export type NotificationRow = typeof paymentNotifications.$inferSelect;

export async function storeNotification(
  db: Database,
  provider: string,
  body: string,
  receivedAt: Date,
): Promise<NotificationRow> {
  const [row] = await db
    .insert(paymentNotifications)
    .values({ provider, body, receivedAt })
    .returning();
  if (!row) throw new Error('The notification was not stored');
  return row;
}

export async function finishNotification(db: Database, id: number, outcome: string, now: Date) {
  await db
    .update(paymentNotifications)
    .set({ outcome, processedAt: now })
    .where(eq(paymentNotifications.id, id));
}

export async function countAttempt(db: Database, id: number, attempts: number) {
  await db.update(paymentNotifications).set({ attempts }).where(eq(paymentNotifications.id, id));
}

/** Notifications not yet processed, received before `before`, with tries left. */
export async function findUnprocessed(db: Database, before: Date, maxAttempts: number) {
  return db
    .select()
    .from(paymentNotifications)
    .where(
      and(
        isNull(paymentNotifications.processedAt),
        lt(paymentNotifications.receivedAt, before),
        lt(paymentNotifications.attempts, maxAttempts),
      ),
    )
    .orderBy(asc(paymentNotifications.id))
    .limit(50);
}
