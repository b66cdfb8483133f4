import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { NotificationFields, PaymentProviderInfo } from '../../providers/payment/provider.ts';
import { rowsOf } from './payment-ledger.repository.ts';

// The reconciliation's queries (decision 020): providers' notifications and money per order.

/** The outcomes of a notification that did not credit an order and should have been looked at. */
const FAILED_OUTCOMES = [
  'bad_signature',
  'wrong_merchant',
  'not_confirmed',
  'malformed',
  'unknown_order',
  'already_paid',
  'not_awaiting_payment',
  'not_complete',
  'amount_mismatch',
  'checkout_expired',
  'wrong_provider',
] as const;
export type FailedOutcome = (typeof FAILED_OUTCOMES)[number];

interface RawNotification {
  id: number;
  provider: string;
  received_at: Date | string;
  attempts: number;
  outcome: string | null;
  processed_at: Date | string | null;
  order_id: number | null;
  event_year: number | null;
  provider_reference: string | null;
  amount: string | null;
  provider_state: string | null;
}

/**
 * Providers' notifications, failed ones first, newest first. The fields are read from the kept
 * body by each provider's names for them (providers/payment/, decision 055): the order id, the
 * provider's payment id, the amount and the provider's state. A body that does not hold them,
 * or a provider this release does not know, shows them empty.
 */
export async function findNotificationsPage(
  db: Database,
  filters: {
    eventId?: number;
    failedOnly: boolean;
    maxAttempts: number;
    providers: readonly PaymentProviderInfo[];
  },
  skip: number,
  take: number,
) {
  const failed = sql`(n.outcome in (${sql.join(
    FAILED_OUTCOMES.map((o) => sql`${o}`),
    sql`, `,
  )}) or (n.processed_at is null and n.attempts >= ${filters.maxAttempts}))`;
  const field = (name: keyof NotificationFields) =>
    sql`(case n.provider ${sql.join(
      filters.providers.map(
        (p) =>
          sql`when ${p.id} then substring(n.body from ${`(?:^|&)${p.notificationFields[name]}=([^&]*)`})`,
      ),
      sql` `,
    )} end)`;
  const base = sql`
    select n.id, n.provider, n.received_at, n.attempts, n.outcome, n.processed_at,
      o.id as order_id, e.year as event_year, o.event_id,
      ${field('paymentId')} as provider_reference,
      ${field('amount')} as amount,
      ${field('state')} as provider_state,
      ${failed} as failed
    from payment_notifications n
      left join orders o on o.id = (
        case when ${field('orderId')} ~ '^[0-9]{1,9}$'
          then ${field('orderId')}::int end)
      left join events e on e.id = o.event_id`;
  const where: SQL[] = [sql`true`];
  if (filters.eventId !== undefined) where.push(sql`q.event_id = ${filters.eventId}`);
  if (filters.failedOnly) where.push(sql`q.failed`);
  const filtered = sql`select * from (${base}) q where ${sql.join(where, sql` and `)}`;
  const [counted] = await rowsOf<{ total: number }>(
    db,
    sql`select count(*)::int as total from (${filtered}) c`,
  );
  const rows = await rowsOf<RawNotification & { failed: boolean }>(
    db,
    sql`${filtered} order by q.failed desc, q.id desc limit ${take} offset ${skip}`,
  );
  return { rows, total: Number(counted?.total ?? 0) };
}

/** What the reconciliation adds up, per order of the event (orders with money or paid). */
interface RawOrderMoney {
  order_id: number;
  event_year: number;
  status: string;
  total_cents: number | null;
  family_name: string;
  provider_cents: number;
  uncredited_cents: number;
  uncredited_states: string | null;
  manual_cents: number;
  refund_cents: number;
  credit_cents: number;
  /** Other orders a manual payment with the same reference paid: [{ id, year }]. */
  same_reference: { id: number; year: number }[] | null;
}

export async function findOrderMoney(db: Database, eventId: number | undefined) {
  const event = eventId === undefined ? sql`true` : sql`o.event_id = ${eventId}`;
  const rows = await rowsOf<RawOrderMoney>(
    db,
    sql`
    select o.id as order_id, e.year as event_year, o.status, o.total_cents,
      c.first_name || ' ' || c.surname as family_name,
      coalesce(p.credited, 0)::int as provider_cents,
      coalesce(p.uncredited, 0)::int as uncredited_cents,
      p.uncredited_states,
      coalesce(l.manual, 0)::int as manual_cents,
      coalesce(l.refund, 0)::int as refund_cents,
      coalesce(l.credit, 0)::int as credit_cents,
      d.same_reference
    from orders o
      join events e on e.id = o.event_id
      join customers c on c.id = o.customer_id
      left join (
        select order_id,
          sum(amount_cents) filter (where status = 'credited') as credited,
          sum(amount_cents) filter (where status in ('already_paid', 'not_awaiting_payment', 'amount_mismatch', 'checkout_expired', 'wrong_provider')) as uncredited,
          string_agg(distinct status, ',') filter (where status in ('already_paid', 'not_awaiting_payment', 'amount_mismatch', 'checkout_expired', 'wrong_provider')) as uncredited_states
        from payments group by order_id
      ) p on p.order_id = o.id
      left join (
        select order_id,
          sum(amount_cents) filter (where kind = 'manual_payment') as manual,
          sum(amount_cents) filter (where kind = 'refund') as refund,
          sum(amount_cents) filter (where kind = 'credit') as credit
        from ledger_movements group by order_id
      ) l on l.order_id = o.id
      left join (
        -- One bank statement line pays one order: the same reference (spacing and case aside)
        -- on another order's manual payment means one of them was paid by nobody.
        select a.order_id,
          json_agg(json_build_object('id', b.order_id, 'year', be.year) order by b.order_id) as same_reference
        from ledger_movements a
          join ledger_movements b on b.kind = 'manual_payment' and b.order_id <> a.order_id
            and lower(regexp_replace(b.reference, '[[:space:]]', '', 'g'))
              = lower(regexp_replace(a.reference, '[[:space:]]', '', 'g'))
          join orders bo on bo.id = b.order_id
          join events be on be.id = bo.event_id
        where a.kind = 'manual_payment'
        group by a.order_id
      ) d on d.order_id = o.id
    where ${event}
      and (o.status = 'paid' or p.order_id is not null or l.order_id is not null)
    order by o.id`,
  );
  return rows.map((r) => ({
    orderId: Number(r.order_id),
    eventYear: Number(r.event_year),
    status: r.status,
    totalCents: r.total_cents === null ? null : Number(r.total_cents),
    familyName: r.family_name,
    providerCents: Number(r.provider_cents),
    uncreditedCents: Number(r.uncredited_cents),
    uncreditedStates: r.uncredited_states,
    manualCents: Number(r.manual_cents),
    refundCents: Number(r.refund_cents),
    creditCents: Number(r.credit_cents),
    sameReference: (r.same_reference ?? []).map((o) => ({
      id: Number(o.id),
      year: Number(o.year),
    })),
  }));
}
