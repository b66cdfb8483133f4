import {
  orderIdOfReference,
  type LedgerKind,
  type LedgerMethod,
  type MovementKind,
} from '@eisteddfod/shared';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import type { PaymentScope } from '../../plugins/scope.ts';
import { customers, events, ledgerMovements, orders } from '../../db/schema/index.ts';

// The payment ledger's queries of money recorded by hand and of both sources' movements (issue
// 17, decision 020); the reconciliation's are reconciliation.repository.ts's.

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
export async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** "%word%" with LIKE's own characters taken literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The movements a staff caller's scope reaches (plugins/scope.ts), as a condition on the list's
 * `m` rows. Any: every one.
 */
function paymentsIn(scope: PaymentScope): SQL {
  switch (scope.kind) {
    case 'any':
      return sql`true`;
    default:
      // A scope this does not know reaches nothing (fail closed), never every movement.
      throw new Error(`no payments condition for the scope ${JSON.stringify(scope)}`);
  }
}

/**
 * Providers' payments and movements recorded by hand, as one list (a UNION ALL), newest first.
 * The date of a provider's payment is its day in the event's time zone.
 */
function movementsQuery(
  scope: PaymentScope,
  filters: { eventId?: number; kind?: MovementKind; search?: string },
) {
  const where: SQL[] = [paymentsIn(scope)];
  if (filters.eventId !== undefined) where.push(sql`m.event_id = ${filters.eventId}`);
  if (filters.kind !== undefined) where.push(sql`m.kind = ${filters.kind}`);
  if (filters.search) {
    const like = likePattern(filters.search);
    // A school's statement reference finds its order's movements however the bank wrote it.
    const byReference = orderIdOfReference(filters.search);
    const ofOrder = byReference === undefined ? sql`false` : sql`m.order_id = ${byReference}`;
    where.push(
      sql`(m.order_number ilike ${like} or m.family_name ilike ${like} or coalesce(m.reference, '') ilike ${like} or ${ofOrder})`,
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
  scope: PaymentScope,
  filters: { eventId?: number; kind?: MovementKind; search?: string },
  skip: number,
  take: number,
): Promise<{ rows: PaymentRecord[]; total: number }> {
  const query = movementsQuery(scope, filters);
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

/**
 * Every movement in scope of an event (or of all), oldest first, `limit` at a time after
 * `offset`.
 */
export async function findMovementsBatch(
  db: Database,
  scope: PaymentScope,
  eventId: number | undefined,
  offset: number,
  limit: number,
): Promise<PaymentRecord[]> {
  const query = movementsQuery(scope, eventId === undefined ? {} : { eventId });
  const rows = await rowsOf<RawRecord>(
    db,
    sql`${query} order by m.at asc, m.key asc limit ${limit} offset ${offset}`,
  );
  return rows.map(toRecord);
}
