import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { fieldsKeptAfterErasure, paymentProviderInfo } from '../../providers/payment/providers.ts';
import { erasureRequests, orders, paymentNotifications } from '../../db/schema/index.ts';

// What an erasure keeps of payments, and the notifications that come after it (decision 024).

/**
 * What an erasure leaves of a payment provider's notification or payment: the fields no
 * provider's name anyone, each provider's own list (providers/payment/, decision 055).
 */
export const PAYMENT_FIELDS_KEPT = fieldsKeptAfterErasure();

/** A provider's fields cut down to those kept after an erasure. */
export function keptPaymentFields(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    PAYMENT_FIELDS_KEPT.flatMap((k) => (fields[k] === undefined ? [] : [[k, fields[k]]])),
  );
}

/** True when the customer's data was erased (a request of theirs is done). */
export async function isErased(db: Database, customerId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: erasureRequests.id })
    .from(erasureRequests)
    .where(and(eq(erasureRequests.customerId, customerId), eq(erasureRequests.status, 'done')))
    .limit(1);
  return row !== undefined;
}

/**
 * A provider's notification that came after its order's family was erased: its stored body is
 * cut down to the fields kept, as the erasure did to those before.
 */
export async function redactNotificationIfErased(
  db: Database,
  notificationId: number,
  /** The order id the notification names, as its provider's field holds it. */
  orderIdField: string | undefined,
  body: string,
): Promise<void> {
  const fields = Object.fromEntries(new URLSearchParams(body));
  const orderId = Number(orderIdField);
  if (!Number.isSafeInteger(orderId) || orderId <= 0 || orderId > 2_147_483_647) return;
  const [order] = await db
    .select({ customerId: orders.customerId })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order || !(await isErased(db, order.customerId))) return;
  await db
    .update(paymentNotifications)
    .set({ body: new URLSearchParams(keptPaymentFields(fields)).toString() })
    .where(eq(paymentNotifications.id, notificationId));
}

/** Providers' notifications of the family's orders, cut down to the fields kept. */
export async function redactNotifications(tx: Database, orderIds: number[]): Promise<number> {
  if (orderIds.length === 0) return 0;
  const names = [...new Set(paymentProviderInfo().map((p) => p.notificationFields.orderId))];
  const pattern = `(^|&)(${names.join('|')})=(${orderIds.join('|')})(&|$)`;
  const rows = await tx
    .select({ id: paymentNotifications.id, body: paymentNotifications.body })
    .from(paymentNotifications)
    .where(sql`${paymentNotifications.body} ~ ${pattern}`);
  for (const row of rows) {
    const fields = new URLSearchParams(row.body);
    const kept = new URLSearchParams();
    for (const key of PAYMENT_FIELDS_KEPT) {
      const value = fields.get(key);
      if (value !== null) kept.set(key, value);
    }
    await tx
      .update(paymentNotifications)
      .set({ body: kept.toString() })
      .where(eq(paymentNotifications.id, row.id));
  }
  return rows.length;
}
