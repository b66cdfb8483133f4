import { eq } from 'drizzle-orm';
import { orders, payments } from '../db/schema/index.ts';
import type { TestApp } from './test-app.ts';

/**
 * The provider reports a payment of `totalCents` for an order (the sandbox's signed
 * notification, the same path as PayFast's), and the job has run: the order's status after it,
 * and what the payment's record says happened.
 */
export async function notifyPayment(t: TestApp, orderId: number, totalCents: number) {
  const fields = t.app.payments.signSandboxNotification([
    ['m_payment_id', String(orderId)],
    ['pf_payment_id', t.app.payments.newSandboxPaymentId()],
    ['payment_status', 'COMPLETE'],
    ['amount_gross', (totalCents / 100).toFixed(2)],
  ]);
  await t.app.payments.acceptNotification('sandbox', new URLSearchParams(fields).toString());
  await t.app.payments.settle();
  const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
  const [payment] = await t.database.db
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId));
  return { status: order!.status, outcome: payment?.status };
}
