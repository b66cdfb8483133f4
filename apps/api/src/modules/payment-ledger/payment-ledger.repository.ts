import type { LedgerKind, LedgerMethod, MovementKind } from '@eisteddfod/shared';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { customers, events, ledgerMovements, orders } from '../../db/schema/index.ts';

// Every query of the payment ledger (issue 17, decision 020).

export type MovementRow = typeof ledgerMovements.$inferSelect;

export interface NewMovement {
  kind: LedgerKind;
  method: LedgerMethod | null;
  reference: string;
  amountCents: number;
  receivedOn: string;
  note: string | null;
  recordedBy: number;
}

/** An order as the ledger needs it: its state, total, event and family. */
export async function findOrder(db: Database, orderId: number) {
  const [row] = await db
    .select({
      order: orders,
      eventYear: events.year,
      timeZone: events.timeZone,
      firstName: customers.firstName,
      surname: customers.surname,
      email: customers.email,
    })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(eq(orders.id, orderId));
  return row;
}

async function findSameMovement(db: Database | Tx, orderId: number, m: NewMovement) {
  const [row] = await db
    .select()
    .from(ledgerMovements)
    .where(
      and(
        eq(ledgerMovements.orderId, orderId),
        eq(ledgerMovements.kind, m.kind),
        eq(ledgerMovements.reference, m.reference),
      ),
    );
  return row;
}

type ManualPaymentOutcome =
  | { outcome: 'recorded' | 'duplicate'; movement: MovementRow }
  | { outcome: 'already_paid' | 'not_payable' | 'amount_mismatch'; movement?: undefined };

/**
 * Records a bank transfer or cash and credits the order, in one transaction with the order row
 * locked: a provider's notification takes the same lock (payments.repository recordPayment), so
 * whichever comes second finds the order paid and credits nothing. The same reference recorded
 * again for the same order is found, not added.
 */
export async function recordManualPayment(
  db: Database,
  orderId: number,
  movement: NewMovement,
  /** Marks the order paid, with its audit entry and confirmation (payments' creditWithin). */
  onCredited: (tx: Tx, movement: MovementRow) => Promise<void>,
): Promise<ManualPaymentOutcome> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) return { outcome: 'not_payable' };
    if (order.status === 'paid') {
      const same = await findSameMovement(tx, orderId, movement);
      return same ? { outcome: 'duplicate', movement: same } : { outcome: 'already_paid' };
    }
    if (order.status !== 'awaiting_payment') return { outcome: 'not_payable' };
    if (order.totalCents !== movement.amountCents) return { outcome: 'amount_mismatch' };
    const [row] = await tx
      .insert(ledgerMovements)
      .values({ orderId, ...movement })
      .onConflictDoNothing()
      .returning();
    // Not inserted: a manual payment of this order exists, so it was paid (not reached above).
    if (!row) return { outcome: 'already_paid' };
    await onCredited(tx, row);
    return { outcome: 'recorded', movement: row };
  });
}

type AdjustmentOutcome =
  | { outcome: 'recorded' | 'duplicate'; movement: MovementRow }
  | { outcome: 'not_paid' | 'exceeds_paid'; movement?: undefined };

/**
 * Records a refund or a credit against a paid order, with the order row locked so that two at
 * once cannot together exceed what it was paid. The same reference again is found, not added.
 */
export async function recordAdjustment(
  db: Database,
  orderId: number,
  movement: NewMovement,
  onRecorded: (tx: Tx, movement: MovementRow) => Promise<void>,
): Promise<AdjustmentOutcome> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order || order.status !== 'paid') return { outcome: 'not_paid' };
    const same = await findSameMovement(tx, orderId, movement);
    if (same) return { outcome: 'duplicate', movement: same };
    const [given] = await tx
      .select({ cents: sql<number>`coalesce(sum(${ledgerMovements.amountCents}), 0)::int` })
      .from(ledgerMovements)
      .where(
        and(
          eq(ledgerMovements.orderId, orderId),
          inArray(ledgerMovements.kind, ['refund', 'credit']),
        ),
      );
    if ((given?.cents ?? 0) + movement.amountCents > (order.totalCents ?? 0)) {
      return { outcome: 'exceeds_paid' };
    }
    const [row] = await tx
      .insert(ledgerMovements)
      .values({ orderId, ...movement })
      .onConflictDoNothing()
      .returning();
    if (!row) {
      const again = await findSameMovement(tx, orderId, movement);
      if (again) return { outcome: 'duplicate', movement: again };
      throw new Error('The movement was neither recorded nor found');
    }
    await onRecorded(tx, row);
    return { outcome: 'recorded', movement: row };
  });
}

/** The movements recorded by hand for one family's orders, newest first. */
export async function findCustomerMovements(db: Database, customerId: number) {
  return db
    .select({
      movement: ledgerMovements,
      eventYear: events.year,
      recordedByFirstName: customers.firstName,
      recordedBySurname: customers.surname,
    })
    .from(ledgerMovements)
    .innerJoin(orders, eq(orders.id, ledgerMovements.orderId))
    .innerJoin(events, eq(events.id, orders.eventId))
    .leftJoin(customers, eq(customers.id, ledgerMovements.recordedBy))
    .where(eq(orders.customerId, customerId))
    .orderBy(sql`${ledgerMovements.id} desc`);
}

export async function findRecorder(db: Database, customerId: number) {
  const [row] = await db
    .select({ firstName: customers.firstName, surname: customers.surname })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row;
}

/** One money movement of either source, as the list and the export read it. */
export interface PaymentRecord {
  key: string;
  kind: MovementKind;
  at: Date;
  date: string;
  orderId: number;
  eventId: number;
  eventYear: number;
  eventName: string;
  familyName: string;
  method: string | null;
  reference: string | null;
  amountCents: number;
  state: string;
  note: string | null;
}

/** The rows of a raw query: both drivers (node-postgres, PGlite) answer `{ rows }`. */
async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** "%word%" with LIKE's own characters taken literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Providers' payments and movements recorded by hand, as one list (a UNION ALL), newest first.
 * The date of a provider's payment is its day in the event's time zone.
 */
function movementsQuery(filters: { eventId?: number; kind?: MovementKind; search?: string }) {
  const where: SQL[] = [sql`true`];
  if (filters.eventId !== undefined) where.push(sql`m.event_id = ${filters.eventId}`);
  if (filters.kind !== undefined) where.push(sql`m.kind = ${filters.kind}`);
  if (filters.search) {
    const like = likePattern(filters.search);
    where.push(
      sql`(m.order_number ilike ${like} or m.family_name ilike ${like} or coalesce(m.reference, '') ilike ${like})`,
    );
  }
  return sql`
    select * from (
      select 'provider:' || p.id as key, 'provider_payment' as kind, p.received_at as at,
        to_char(p.received_at at time zone e.time_zone, 'YYYY-MM-DD') as date,
        o.id as order_id, o.event_id, e.year as event_year, e.name as event_name,
        'E' || e.year || '-' || lpad(o.id::text, 6, '0') as order_number,
        c.first_name || ' ' || c.surname as family_name,
        p.provider as method, p.provider_payment_id as reference, p.amount_cents,
        p.status as state, null::text as note
      from payments p
        join orders o on o.id = p.order_id
        join events e on e.id = o.event_id
        join customers c on c.id = o.customer_id
      union all
      select 'manual:' || l.id, l.kind, l.created_at, to_char(l.received_on, 'YYYY-MM-DD'),
        o.id, o.event_id, e.year, e.name,
        'E' || e.year || '-' || lpad(o.id::text, 6, '0'),
        c.first_name || ' ' || c.surname,
        l.method, l.reference, l.amount_cents, 'recorded', l.note
      from ledger_movements l
        join orders o on o.id = l.order_id
        join events e on e.id = o.event_id
        join customers c on c.id = o.customer_id
    ) m
    where ${sql.join(where, sql` and `)}`;
}

interface RawRecord {
  key: string;
  kind: MovementKind;
  at: Date | string;
  date: string;
  order_id: number;
  event_id: number;
  event_year: number;
  event_name: string;
  family_name: string;
  method: string | null;
  reference: string | null;
  amount_cents: number;
  state: string;
  note: string | null;
}

const toRecord = (r: RawRecord): PaymentRecord => ({
  key: r.key,
  kind: r.kind,
  at: new Date(r.at),
  date: r.date,
  orderId: Number(r.order_id),
  eventId: Number(r.event_id),
  eventYear: Number(r.event_year),
  eventName: r.event_name,
  familyName: r.family_name,
  method: r.method,
  reference: r.reference,
  amountCents: Number(r.amount_cents),
  state: r.state,
  note: r.note,
});

export async function findMovementsPage(
  db: Database,
  filters: { eventId?: number; kind?: MovementKind; search?: string },
  skip: number,
  take: number,
): Promise<{ rows: PaymentRecord[]; total: number }> {
  const query = movementsQuery(filters);
  const [counted] = await rowsOf<{ total: number }>(
    db,
    sql`select count(*)::int as total from (${query}) q`,
  );
  const rows = await rowsOf<RawRecord>(
    db,
    sql`${query} order by m.at desc, m.key desc limit ${take} offset ${skip}`,
  );
  return { rows: rows.map(toRecord), total: Number(counted?.total ?? 0) };
}

/** Every movement of an event (or of all), oldest first, `limit` at a time after `offset`. */
export async function findMovementsBatch(
  db: Database,
  eventId: number | undefined,
  offset: number,
  limit: number,
): Promise<PaymentRecord[]> {
  const query = movementsQuery(eventId === undefined ? {} : { eventId });
  const rows = await rowsOf<RawRecord>(
    db,
    sql`${query} order by m.at asc, m.key asc limit ${limit} offset ${offset}`,
  );
  return rows.map(toRecord);
}

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
 * body (PayFast's names, which the sandbox uses too): the order id, the provider's payment id,
 * the amount and the provider's state. A body that does not hold them shows them empty.
 */
export async function findNotificationsPage(
  db: Database,
  filters: { eventId?: number; failedOnly: boolean; maxAttempts: number },
  skip: number,
  take: number,
) {
  const failed = sql`(n.outcome in (${sql.join(
    FAILED_OUTCOMES.map((o) => sql`${o}`),
    sql`, `,
  )}) or (n.processed_at is null and n.attempts >= ${filters.maxAttempts}))`;
  const field = (name: string) => sql`substring(n.body from ${`(?:^|&)${name}=([^&]*)`})`;
  const base = sql`
    select n.id, n.provider, n.received_at, n.attempts, n.outcome, n.processed_at,
      o.id as order_id, e.year as event_year, o.event_id,
      ${field('pf_payment_id')} as provider_reference,
      ${field('amount_gross')} as amount,
      ${field('payment_status')} as provider_state,
      ${failed} as failed
    from payment_notifications n
      left join orders o on o.id = (
        case when ${field('m_payment_id')} ~ '^[0-9]{1,9}$'
          then ${field('m_payment_id')}::int end)
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
          sum(amount_cents) filter (where status in ('already_paid', 'not_awaiting_payment', 'amount_mismatch', 'checkout_expired')) as uncredited,
          string_agg(distinct status, ',') filter (where status in ('already_paid', 'not_awaiting_payment', 'amount_mismatch', 'checkout_expired')) as uncredited_states
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
