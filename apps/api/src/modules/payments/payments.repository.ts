import { and, asc, desc, eq, isNull, lt, notInArray } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { orderItems, orders, paymentNotifications, payments } from '../../db/schema/index.ts';
import { isErased, keptPaymentFields } from '../data-rights/index.ts';
import type { VerifiedPayment } from '../../providers/payment/provider.ts';
import { findGroupMembers } from '../orders/index.ts';

/** One entry as it was priced: what its price depends on, and the price. */
export interface PricedEntry {
  orderItemId: number;
  itemId: number;
  members: number;
  priceCents: number;
}

/**
 * Freezes what the customer is about to pay: each entry's price and the order's totals, with the
 * order row locked. The prices were worked out before the lock; under it, every input of a price
 * (the entries, their items, their groups' sizes) is read again, and if anything differs nothing
 * is frozen: 'changed'. Cart changes take the same lock, so none can slip in between.
 */
export async function freezeOrder(
  db: Database,
  orderId: number,
  prices: PricedEntry[],
  totals: {
    subtotalCents: number;
    surchargeCents: number;
    totalCents: number;
    sendWhatsAppConfirmation: boolean;
    confirmationEmail: string;
    /** The provider the order is paid with (decision 055). */
    paymentProvider?: string;
  },
  now: Date,
): Promise<'frozen' | 'changed' | 'not_payable'> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order || !['cart', 'awaiting_payment'].includes(order.status)) return 'not_payable';
    const current = await tx
      .select({ id: orderItems.id, itemId: orderItems.itemId })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId));
    const groupMembers = await findGroupMembers(
      tx,
      current.map((c) => c.id),
    );
    const members = new Map<number, number>();
    for (const m of groupMembers) members.set(m.orderItemId, (members.get(m.orderItemId) ?? 0) + 1);
    const priced = new Map(prices.map((p) => [p.orderItemId, p]));
    const unchanged =
      current.length === priced.size &&
      current.every((c) => {
        const p = priced.get(c.id);
        return p?.itemId === c.itemId && p.members === (members.get(c.id) ?? 0);
      });
    if (!unchanged) return 'changed';
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
  | 'amount_mismatch'
  | 'checkout_expired'
  /** Reported by a provider the order was not checked out with (decision 055). */
  | 'wrong_provider';

/**
 * Records a verified notification and credits the order when everything agrees, in one
 * transaction. The provider's payment id is unique, so a replay (or fifty copies at once)
 * records nothing new; the order row is locked so it is credited once.
 */
export async function recordPayment(
  db: Database,
  payment: VerifiedPayment,
  /** Marks the order paid and writes what must exist with it (audit, confirmation). */
  onCredited: (tx: Tx) => Promise<void>,
  /**
   * Whether the locked order's checkout still holds (its day's price and deadlines, and its
   * entries' grades): when not, the payment is kept as `checkout_expired` for the organiser.
   */
  isCheckoutCurrent: (order: { eventId: number; checkedOutAt: Date | null }) => Promise<boolean>,
  /** The provider of an order from before providers were recorded per order (null). */
  defaultProvider: string,
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
        // After an erasure (decision 024) a late notification keeps no name or address.
        payload: (await isErased(tx, order.customerId))
          ? keptPaymentFields(payment.payload)
          : payment.payload,
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
          : (order.paymentProvider ?? defaultProvider) !== payment.provider
            ? 'wrong_provider'
            : !payment.isComplete
              ? 'not_complete'
              : order.totalCents !== payment.amountCents
                ? 'amount_mismatch'
                : !(await isCheckoutCurrent(order))
                  ? 'checkout_expired'
                  : 'credited';
    if (outcome === 'credited') await onCredited(tx);
    await tx.update(payments).set({ status: outcome }).where(eq(payments.id, paymentId));
    return outcome;
  });
}

/**
 * Turns a locked order paid; `imported` when the money came outside the providers (a bank
 * transfer or cash recorded by an organiser: the spec's isImported orders).
 */
export async function markPaid(tx: Tx, orderId: number, now: Date, imported: boolean) {
  await tx
    .update(orders)
    .set({ status: 'paid', completedAt: now, ...(imported ? { isImported: true } : {}) })
    .where(eq(orders.id, orderId));
}

export async function findCustomerOrders(db: Database, customerId: number) {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.customerId, customerId), notInArray(orders.status, ['cart', 'cancelled'])))
    .orderBy(desc(orders.id));
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

export async function findNotification(db: Database, id: number) {
  const [row] = await db.select().from(paymentNotifications).where(eq(paymentNotifications.id, id));
  return row;
}

/** Notifications not yet processed, received before `before`, tried fewer than `maxAttempts`. */
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
