import { medalFor, type Overview, type Section, SECTIONS } from '@eisteddfod/shared';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  categories,
  customers,
  groupParticipants,
  items,
  marks,
  orderItems,
  orders,
  participantProfiles,
  payments,
} from '../../db/schema/index.ts';
import { entryCode, markStatusOf } from './marking.service.ts';

/**
 * One CSV cell: quoted when it holds a comma, quote or line break, and prefixed with ' when it
 * starts with = + - @ (or a tab or carriage return), so that a spreadsheet never runs a name
 * typed by a family as a formula (CSV injection).
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const csvRow = (cells: (string | number | null | undefined)[]) =>
  `${cells.map(csvCell).join(',')}\r\n`;

const HEADER = [
  'Order',
  'Payment',
  'Entry code',
  'Item code',
  'Item',
  'Category',
  'Section',
  'Contestant first name',
  'Contestant surname',
  'School',
  'Grade',
  'Group name',
  'Group participants',
  'Status',
  'Mark status',
  'Total',
  'Medal',
  'Adjudicator',
];

const PAGE = 500;

/**
 * The entries of paid and unpaid-but-checked-out orders, page by page, as CSV lines: the
 * caller streams them, so a large event never sits in memory whole.
 */
export async function* entriesCsv(db: Database, eventId: number): AsyncGenerator<string> {
  yield '\uFEFF' + csvRow(HEADER);
  let after = 0;
  for (;;) {
    const rows = await db
      .select({
        id: orderItems.id,
        orderId: orders.id,
        orderStatus: orders.status,
        itemCode: items.code,
        itemTitle: items.shortDescription,
        categoryName: categories.name,
        section: categories.section,
        firstName: participantProfiles.firstName,
        surname: participantProfiles.surname,
        school: participantProfiles.school,
        grade: participantProfiles.grade,
        groupName: orderItems.groupName,
        isCancelled: orderItems.isCancelled,
        isSubmittedForMarking: orderItems.isSubmittedForMarking,
        markId: marks.id,
        markStatus: marks.status,
        markTotal: marks.total,
        publishedAt: marks.publishedAt,
        adjudicator: sql<
          string | null
        >`(select ${customers.firstName} || ' ' || ${customers.surname} from ${customers} where ${customers.id} = ${marks.adjudicatorId})`,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .innerJoin(items, eq(items.id, orderItems.itemId))
      .innerJoin(categories, eq(categories.id, items.categoryId))
      .innerJoin(participantProfiles, eq(participantProfiles.id, orderItems.participantProfileId))
      .leftJoin(marks, eq(marks.orderItemId, orderItems.id))
      .where(
        and(
          eq(items.eventId, eventId),
          inArray(orders.status, ['paid', 'awaiting_payment']),
          gt(orderItems.id, after),
        ),
      )
      .orderBy(asc(orderItems.id))
      .limit(PAGE);
    if (rows.length === 0) return;
    const members = await db
      .select()
      .from(groupParticipants)
      .where(
        inArray(
          groupParticipants.orderItemId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(groupParticipants.orderItemId), asc(groupParticipants.position));
    let chunk = '';
    for (const r of rows) {
      const status = markStatusOf(r);
      const group = members
        .filter((m) => m.orderItemId === r.id)
        .map((m) => `${m.firstName} ${m.surname} (${m.school})`)
        .join('; ');
      chunk += csvRow([
        r.orderId,
        r.orderStatus === 'paid' ? 'Paid' : 'Awaiting payment',
        entryCode(r.id),
        r.itemCode,
        r.itemTitle,
        r.categoryName,
        r.section,
        r.firstName,
        r.surname,
        r.school,
        r.grade,
        r.groupName,
        group,
        r.isCancelled ? 'Withdrawn' : r.isSubmittedForMarking ? 'Finalised' : 'Not finalised',
        status,
        status === 'unmarked' ? null : r.markTotal,
        status === 'submitted' || status === 'published' ? medalFor(r.markTotal ?? 0) : null,
        r.adjudicator,
      ]);
    }
    yield chunk;
    after = rows[rows.length - 1]!.id;
    if (rows.length < PAGE) return;
  }
}

/** Entries per section and status, and payments received, for the organiser overview. */
export async function overviewFigures(
  db: Database,
  eventId: number,
): Promise<Omit<Overview, 'adjudicators'>> {
  const rows = await db
    .select({
      section: categories.section,
      entries: sql<number>`count(*) filter (where not ${orderItems.isCancelled})::int`,
      finalised: sql<number>`count(*) filter (where not ${orderItems.isCancelled} and ${orderItems.isSubmittedForMarking})::int`,
      withdrawn: sql<number>`count(*) filter (where ${orderItems.isCancelled})::int`,
      marked: sql<number>`count(*) filter (where not ${orderItems.isCancelled} and ${marks.status} = 'submitted')::int`,
      published: sql<number>`count(*) filter (where not ${orderItems.isCancelled} and ${marks.publishedAt} is not null)::int`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(items, eq(items.id, orderItems.itemId))
    .innerJoin(categories, eq(categories.id, items.categoryId))
    .leftJoin(marks, eq(marks.orderItemId, orderItems.id))
    .where(and(eq(items.eventId, eventId), eq(orders.status, 'paid')))
    .groupBy(categories.section);
  const [orderCounts] = await db
    .select({
      paid: sql<number>`count(*) filter (where ${orders.status} = 'paid')::int`,
      awaiting: sql<number>`count(*) filter (where ${orders.status} = 'awaiting_payment')::int`,
    })
    .from(orders)
    .where(eq(orders.eventId, eventId));
  const [received] = await db
    .select({ cents: sql<number>`coalesce(sum(${payments.amountCents}), 0)::int` })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(orders.eventId, eventId), eq(payments.status, 'credited')));
  return {
    sections: SECTIONS.map((section: Section) => {
      const r = rows.find((x) => x.section === section);
      return {
        section,
        entries: r?.entries ?? 0,
        finalised: r?.finalised ?? 0,
        withdrawn: r?.withdrawn ?? 0,
        marked: r?.marked ?? 0,
        published: r?.published ?? 0,
      };
    }),
    payments: {
      paidOrders: orderCounts?.paid ?? 0,
      awaitingPayment: orderCounts?.awaiting ?? 0,
      receivedCents: received?.cents ?? 0,
    },
  };
}
