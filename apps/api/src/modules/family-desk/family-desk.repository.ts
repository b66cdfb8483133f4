import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { FamilyScope } from '../../plugins/scope.ts';
import {
  categories,
  certificates,
  customers,
  events,
  groupParticipants,
  items,
  marks,
  orderItems,
  orderItemUploads,
  orders,
  outboxMessages,
  participantProfiles,
  payments,
  rubricScores,
  videoSlots,
} from '../../db/schema/index.ts';
import { foldedSql } from '../../db/fold.ts';
import { likeContains } from '../../lib/like.ts';

// One query for an account's sign-in addresses, the accounts module's.
export { findLoginIdentities } from '../accounts/index.ts';

/** Every query of the family desk (decision 021): the search, then the page's parts. */

export interface FamilySearchTerms {
  /** The trimmed text, as a LIKE pattern found anywhere (wildcards escaped). */
  pattern: string;
  /** The digits of a text that is a phone number (4 or more, leading zeros dropped), if it is one. */
  mobileDigits: string | undefined;
  /** The order an order number ("E2025-000123") names, if the text is one. */
  order: { id: number; year: number } | undefined;
  /** The text folded as school names are, as a LIKE pattern (issue 35). */
  schoolPattern: string;
}

// Subqueries name their tables and the outer `customers` row in full: Drizzle leaves the
// columns of a one-table query unqualified, and an inner table's "id" would win.
/** The seven ways to find a family, each a condition on the row of `customers`. */
function conditions(terms: FamilySearchTerms) {
  const p = terms.pattern;
  const name = sql`(customers.first_name || ' ' || customers.surname ilike ${p}
    or customers.surname || ' ' || customers.first_name ilike ${p})`;
  const email = sql`(customers.email ilike ${p} or exists (select 1 from login_identities li
    where li.customer_id = customers.id and li.channel = 'email' and li.identifier ilike ${p}))`;
  const digits = terms.mobileDigits && likeContains(terms.mobileDigits);
  const mobile = digits
    ? sql`(regexp_replace(coalesce(customers.mobile_number, ''), '[^0-9]', '', 'g') like ${digits}
        or exists (select 1 from login_identities li where li.customer_id = customers.id
          and li.channel = 'mobile' and li.identifier like ${digits}))`
    : sql`false`;
  const contestant = sql`exists (select 1 from participant_profiles pp
    where pp.customer_id = customers.id
      and (pp.first_name || ' ' || pp.surname ilike ${p} or pp.surname || ' ' || pp.first_name ilike ${p}))`;
  const school = sql`exists (select 1 from participant_profiles pp
    where pp.customer_id = customers.id and pp.school ilike ${p})`;
  const order = terms.order
    ? sql`exists (select 1 from orders o join events e on e.id = o.event_id
        where o.customer_id = customers.id and o.id = ${terms.order.id} and e.year = ${terms.order.year})`
    : sql`false`;
  const teacher = sql`exists (select 1 from school_memberships sm join schools s on s.id = sm.school_id
    where sm.customer_id = customers.id and sm.status = 'approved'
      and ${foldedSql(sql.raw('s.name'))} like ${terms.schoolPattern})`;
  return { name, email, mobile, contestant, school, order, teacher };
}

/**
 * The families a staff caller's scope reaches (plugins/scope.ts): accounts with the customer
 * role, never staff, and for a narrower scope only its own.
 */
function familiesIn(scope: FamilyScope): SQL {
  switch (scope.kind) {
    case 'any':
      return eq(customers.role, 'customer');
    default:
      // A scope this does not know reaches nothing (fail closed), never every account.
      throw new Error(`no families condition for the scope ${JSON.stringify(scope)}`);
  }
}

/**
 * One query: families (accounts with the customer role) any condition finds, each with its
 * contestants' names, which conditions matched, and how many there are in all. A scan of the
 * customers with indexed look-ups per row (identities, contestants and orders by customer):
 * fine for the thousands of families of an event. Substring matching cannot use a b-tree
 * index; a trigram index would be the next step (decision 021).
 */
export async function searchFamilies(
  db: Database,
  scope: FamilyScope,
  terms: FamilySearchTerms,
  page: { skip: number; take: number },
) {
  const c = conditions(terms);
  const flag = (cond: SQL) => sql<boolean>`(${cond})`;
  return db
    .select({
      id: customers.id,
      firstName: customers.firstName,
      surname: customers.surname,
      email: customers.email,
      mobileNumber: customers.mobileNumber,
      contestants: sql<
        string[]
      >`coalesce((select json_agg(pp.first_name || ' ' || pp.surname order by pp.id)
        from participant_profiles pp where pp.customer_id = customers.id), '[]'::json)`,
      byName: flag(c.name),
      byEmail: flag(c.email),
      byMobile: flag(c.mobile),
      byContestant: flag(c.contestant),
      bySchool: flag(c.school),
      byOrder: flag(c.order),
      byTeacher: flag(c.teacher),
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(customers)
    .where(and(familiesIn(scope), or(...Object.values(c))))
    .orderBy(asc(customers.surname), asc(customers.firstName), asc(customers.id))
    .limit(page.take)
    .offset(page.skip);
}

export type CustomerRow = typeof customers.$inferSelect;

export async function findFamily(
  db: Database,
  scope: FamilyScope,
  id: number,
): Promise<CustomerRow | undefined> {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.id, id), familiesIn(scope)));
  return row;
}

export type ContestantRow = typeof participantProfiles.$inferSelect;

export async function findContestants(db: Database, customerId: number): Promise<ContestantRow[]> {
  return db
    .select()
    .from(participantProfiles)
    .where(eq(participantProfiles.customerId, customerId))
    .orderBy(asc(participantProfiles.id));
}

export async function findContestant(db: Database, customerId: number, id: number) {
  const [row] = await db
    .select()
    .from(participantProfiles)
    .where(and(eq(participantProfiles.id, id), eq(participantProfiles.customerId, customerId)));
  return row;
}

export async function updateContestant(
  db: Database,
  id: number,
  values: Pick<
    ContestantRow,
    'firstName' | 'surname' | 'email' | 'mobileNumber' | 'school' | 'grade' | 'gender'
  >,
  at: Date,
): Promise<ContestantRow | undefined> {
  const [row] = await db
    .update(participantProfiles)
    .set({ ...values, updatedAt: at })
    .where(eq(participantProfiles.id, id))
    .returning();
  return row;
}

export async function findOrders(db: Database, customerId: number) {
  return db
    .select({ order: orders, eventName: events.name, eventYear: events.year })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .where(eq(orders.customerId, customerId))
    .orderBy(desc(orders.id));
}

/** Every line of the orders, with its item, section and contestant. */
export async function findOrderLines(db: Database, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({
      line: orderItems,
      itemCode: items.code,
      itemShortDescription: items.shortDescription,
      itemPriceCents: items.priceCents,
      isGroupItem: items.isGroupItem,
      section: categories.section,
      firstName: participantProfiles.firstName,
      surname: participantProfiles.surname,
    })
    .from(orderItems)
    .innerJoin(items, eq(items.id, orderItems.itemId))
    .innerJoin(categories, eq(categories.id, items.categoryId))
    .innerJoin(participantProfiles, eq(participantProfiles.id, orderItems.participantProfileId))
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.id));
}

export async function findPayments(db: Database, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({
      id: payments.id,
      orderId: payments.orderId,
      provider: payments.provider,
      providerPaymentId: payments.providerPaymentId,
      amountCents: payments.amountCents,
      status: payments.status,
      receivedAt: payments.receivedAt,
    })
    .from(payments)
    .where(inArray(payments.orderId, orderIds))
    .orderBy(asc(payments.id));
}

export async function findUploads(db: Database, orderItemIds: number[]) {
  if (orderItemIds.length === 0) return [];
  return db
    .select({
      id: orderItemUploads.id,
      orderItemId: orderItemUploads.orderItemId,
      originalFileName: orderItemUploads.originalFileName,
      uploadType: orderItemUploads.uploadType,
      sizeInBytes: orderItemUploads.sizeInBytes,
      videoId: orderItemUploads.videoId,
      isDeleted: orderItemUploads.isDeleted,
      createdAt: orderItemUploads.createdAt,
    })
    .from(orderItemUploads)
    .where(inArray(orderItemUploads.orderItemId, orderItemIds))
    .orderBy(asc(orderItemUploads.id));
}

/** Video slots (tus uploads) of the entries: the ones still arriving show as files too. */
export async function findVideoSlots(db: Database, orderItemIds: number[]) {
  if (orderItemIds.length === 0) return [];
  return db
    .select({
      id: videoSlots.id,
      orderItemId: videoSlots.orderItemId,
      title: videoSlots.title,
      originalFileName: videoSlots.originalFileName,
      storageSize: videoSlots.storageSize,
      uploadId: videoSlots.uploadId,
      createdAt: videoSlots.createdAt,
      completedAt: videoSlots.completedAt,
    })
    .from(videoSlots)
    .where(inArray(videoSlots.orderItemId, orderItemIds))
    .orderBy(asc(videoSlots.createdAt));
}

/** A group entry's members, in the family's order. */
export async function findGroupMembers(db: Database, orderItemIds: number[]) {
  if (orderItemIds.length === 0) return [];
  return db
    .select()
    .from(groupParticipants)
    .where(inArray(groupParticipants.orderItemId, orderItemIds))
    .orderBy(asc(groupParticipants.orderItemId), asc(groupParticipants.position));
}

export async function findMarks(db: Database, orderItemIds: number[]) {
  if (orderItemIds.length === 0) return { marks: [], scores: [] };
  const rows = await db
    .select({
      id: marks.id,
      orderItemId: marks.orderItemId,
      status: marks.status,
      total: marks.total,
      comment: marks.comment,
      publishedAt: marks.publishedAt,
    })
    .from(marks)
    .where(inArray(marks.orderItemId, orderItemIds));
  const scores =
    rows.length === 0
      ? []
      : await db
          .select({
            markId: rubricScores.markId,
            name: rubricScores.name,
            value: rubricScores.value,
            maxValue: rubricScores.maxValue,
          })
          .from(rubricScores)
          .where(
            inArray(
              rubricScores.markId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(asc(rubricScores.position));
  return { marks: rows, scores };
}

export async function findCertificates(db: Database, orderItemIds: number[]) {
  if (orderItemIds.length === 0) return [];
  return db
    .select({
      id: certificates.id,
      orderItemId: certificates.orderItemId,
      firstName: certificates.firstName,
      surname: certificates.surname,
      verificationCode: certificates.verificationCode,
      issuedAt: certificates.issuedAt,
      supersededAt: certificates.supersededAt,
    })
    .from(certificates)
    .where(inArray(certificates.orderItemId, orderItemIds))
    .orderBy(asc(certificates.id));
}

/** Messages sent to any of the addresses, newest first (the outbox's recipient index). */
export async function findMessages(db: Database, recipients: string[]) {
  if (recipients.length === 0) return [];
  return db
    .select({
      id: outboxMessages.id,
      channel: outboxMessages.channel,
      recipient: outboxMessages.recipient,
      subject: outboxMessages.subject,
      status: outboxMessages.status,
      attempts: outboxMessages.attempts,
      lastError: outboxMessages.lastError,
      createdAt: outboxMessages.createdAt,
      sentAt: outboxMessages.sentAt,
    })
    .from(outboxMessages)
    .where(inArray(outboxMessages.recipient, recipients))
    .orderBy(desc(outboxMessages.id))
    .limit(200);
}

/** The fees of spec 9 of an event (cents). */
export async function findEventFees(db: Database, eventId: number) {
  const [row] = await db
    .select({ amendmentCents: events.amendmentFeeCents, changeCents: events.changeFeeCents })
    .from(events)
    .where(eq(events.id, eventId));
  return row;
}
