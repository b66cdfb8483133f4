import {
  formatRand,
  type Discrepancy,
  type NotificationsPage,
  type Reconciliation,
} from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';
import { paymentProviderInfo } from '../../providers/payment/providers.ts';
import { orderNumber } from '../orders/index.ts';
import { MAX_NOTIFICATION_ATTEMPTS } from '../payments/index.ts';
import {
  findNotificationsPage,
  findOrderMoney,
  type FailedOutcome,
} from './reconciliation.repository.ts';

/**
 * Why a notification did not credit an order, in words for the organiser; `{provider}` is the
 * provider's name.
 */
const NOTIFICATION_REASONS: Record<FailedOutcome, string> = {
  bad_signature: 'The signature did not match: not sent by the provider, or changed on the way.',
  wrong_merchant: 'It named another merchant account.',
  not_confirmed: '{provider} did not confirm it when asked.',
  malformed: 'Its order number, amount or payment id could not be read.',
  unknown_order: 'It named an order that does not exist.',
  already_paid: 'The order was paid already: the family may have paid twice (refund it).',
  not_awaiting_payment: 'The order was not awaiting payment (still a cart, or cancelled).',
  not_complete: 'The provider did not report the payment complete.',
  amount_mismatch: "The amount differs from the order's total.",
  checkout_expired:
    "It came after the day of the order's checkout had ended, when the late-entry surcharge or an item's deadline may apply, or an entry in it is not for its child's grade: check the entries, then record the payment by hand or refund it.",
  wrong_provider:
    '{provider} reported it, but the order was checked out with another provider: check with both, then record the payment by hand or refund it.',
};

/** A provider's name ('PayFast') by its id, or the id of one this release does not know. */
export const providerNameOf = (id: string) =>
  paymentProviderInfo().find((p) => p.id === id)?.displayName ?? id;

type NotificationsRow = Awaited<ReturnType<typeof findNotificationsPage>>['rows'][number];
type OrderMoney = Awaited<ReturnType<typeof findOrderMoney>>[number];

/** One notification as the organiser reads it: what it reported, and why it failed if it did. */
function notificationRow(n: NotificationsRow): NotificationsPage['rows'][number] {
  const amount = n.amount !== null && /^\d{1,9}(\.\d{1,2})?$/.test(n.amount);
  const reason =
    n.outcome !== null && n.outcome in NOTIFICATION_REASONS
      ? NOTIFICATION_REASONS[n.outcome as keyof typeof NOTIFICATION_REASONS].replace(
          '{provider}',
          providerNameOf(n.provider),
        )
      : n.failed
        ? `Not processed after ${n.attempts} attempts.`
        : null;
  return {
    id: Number(n.id),
    provider: n.provider,
    providerName: providerNameOf(n.provider),
    at: new Date(n.received_at).toISOString(),
    orderId: n.order_id === null ? null : Number(n.order_id),
    orderNumber:
      n.order_id === null || n.event_year === null
        ? null
        : orderNumber(Number(n.event_year), Number(n.order_id)),
    providerReference: n.provider_reference ? decodeField(n.provider_reference) : null,
    amountCents: amount ? Math.round(Number(n.amount) * 100) : null,
    providerState: n.provider_state ? decodeField(n.provider_state) : null,
    outcome: n.outcome ?? (n.processed_at === null ? 'pending' : null),
    failed: Boolean(n.failed),
    reason,
  };
}

/** What does not add up in an order's money, each with what to check. */
function discrepanciesOf(m: OrderMoney): Discrepancy[] {
  const discrepancies: Discrepancy[] = [];
  const receivedCents = m.providerCents + m.manualCents;
  const totalCents = m.totalCents ?? 0;
  const base = {
    orderId: m.orderId,
    orderNumber: orderNumber(m.eventYear, m.orderId),
    familyName: m.familyName,
    totalCents,
    receivedCents,
  };
  if (m.status === 'paid' && receivedCents === 0) {
    discrepancies.push({ ...base, reason: 'Paid, but no payment is recorded.' });
  } else if (m.status === 'paid' && receivedCents !== totalCents) {
    discrepancies.push({
      ...base,
      reason: `Received ${formatRand(receivedCents)}, the total is ${formatRand(totalCents)}.`,
    });
  } else if (m.status !== 'paid' && receivedCents > 0) {
    discrepancies.push({ ...base, reason: 'Money was credited but the order is not paid.' });
  }
  for (const other of m.sameReference) {
    discrepancies.push({
      ...base,
      reason: `The same reference also paid order ${orderNumber(other.year, other.id)}: check the bank statement.`,
    });
  }
  if (m.uncreditedCents > 0) {
    discrepancies.push({
      ...base,
      reason: `A provider reported ${formatRand(m.uncreditedCents)} that was not credited (${m.uncreditedStates ?? ''}): check it and refund it if it was taken.`,
    });
  }
  return discrepancies;
}

async function listNotifications(
  db: Database,
  query: {
    skip: number;
    take: number;
    eventId?: number | undefined;
    failedOnly: boolean;
  },
): Promise<NotificationsPage> {
  const page = await findNotificationsPage(
    db,
    {
      ...(query.eventId !== undefined ? { eventId: query.eventId } : {}),
      failedOnly: query.failedOnly,
      maxAttempts: MAX_NOTIFICATION_ATTEMPTS,
      providers: paymentProviderInfo(),
    },
    query.skip,
    query.take,
  );
  return {
    total: page.total,
    rows: page.rows.map(notificationRow),
  };
}

/**
 * The totals of an event (or of all): charged to families (paid orders' totals), reported
 * by providers (credited), recorded by hand, refunded, credited; and the orders that
 * explain a difference.
 */
async function reconciliation(db: Database, eventId: number | undefined): Promise<Reconciliation> {
  const money = await findOrderMoney(db, eventId);
  const sum = (pick: (m: (typeof money)[number]) => number) =>
    money.reduce((total, m) => total + pick(m), 0);
  const paid = money.filter((m) => m.status === 'paid');
  const chargedCents = paid.reduce((total, m) => total + (m.totalCents ?? 0), 0);
  const providerCents = sum((m) => m.providerCents);
  const manualCents = sum((m) => m.manualCents);
  const refundCents = sum((m) => m.refundCents);
  const creditCents = sum((m) => m.creditCents);
  const discrepancies = money.flatMap(discrepanciesOf);
  return {
    chargedCents,
    paidOrders: paid.length,
    providerCents,
    manualCents,
    refundCents,
    creditCents,
    netCents: providerCents + manualCents - refundCents - creditCents,
    differenceCents: providerCents + manualCents - chargedCents,
    discrepancies,
  };
}

/** Providers' notifications with why each failed, and the totals that reconcile (decision 020). */
export function createReconciliation(db: Database) {
  return {
    listNotifications: (query: Parameters<typeof listNotifications>[1]) =>
      listNotifications(db, query),
    reconciliation: (eventId: number | undefined) => reconciliation(db, eventId),
  };
}

/** A form field as it was sent: '+' for a space and %-escapes. */
function decodeField(value: string): string {
  try {
    return decodeURIComponent(value.replaceAll('+', ' '));
  } catch {
    return value;
  }
}
