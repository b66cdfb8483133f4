import {
  and,
  asc,
  eq,
  getTableColumns,
  inArray,
  isNull,
  isNotNull,
  not,
  notLike,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  auditLog,
  certificates,
  customers,
  events,
  groupParticipants,
  items,
  ledgerMovements,
  marks,
  orderItems,
  orderItemUploads,
  orders,
  outboxMessages,
  participantProfiles,
  payments,
  rubricScores,
  sectionWinners,
  storedFiles,
  supportTickets,
  videoSlots,
} from '../../db/schema/index.ts';
import { pinEmailSubjects } from '../accounts/index.ts';

// One query for an account's sign-in addresses, the accounts module's.
export { findLoginIdentities } from '../accounts/index.ts';

/**
 * The queries of a family's records and of who the family is (decision 024), which its archive
 * reads and its erasure changes; the requests, the erasure and the retention have their own
 * repositories beside this one.
 */

export const anyOf = <T>(column: Parameters<typeof inArray>[0], values: T[]): SQL =>
  values.length === 0 ? sql`false` : inArray(column, values as unknown[]);

// ---- The family's records -------------------------------------------------------------------

export async function findCustomer(db: Database, customerId: number) {
  const [row] = await db.select().from(customers).where(eq(customers.id, customerId));
  return row;
}

/** The account row, locked until the transaction ends (an erasure). */
export async function lockCustomer(db: Database, customerId: number) {
  const [row] = await db.select().from(customers).where(eq(customers.id, customerId)).for('update');
  return row;
}

export const findContestants = (db: Database, customerId: number) =>
  db
    .select()
    .from(participantProfiles)
    .where(eq(participantProfiles.customerId, customerId))
    .orderBy(asc(participantProfiles.id));

export const findStoredFiles = (db: Database, customerId: number) =>
  db
    .select()
    .from(storedFiles)
    .where(eq(storedFiles.customerId, customerId))
    .orderBy(asc(storedFiles.createdAt));

export async function findOrders(db: Database, customerId: number) {
  return db
    .select({
      id: orders.id,
      eventId: orders.eventId,
      eventName: events.name,
      status: orders.status,
      confirmationEmail: orders.confirmationEmail,
      sendWhatsAppConfirmation: orders.sendWhatsAppConfirmation,
      subtotalCents: orders.subtotalCents,
      surchargeCents: orders.surchargeCents,
      totalCents: orders.totalCents,
      checkedOutAt: orders.checkedOutAt,
      completedAt: orders.completedAt,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .where(eq(orders.customerId, customerId))
    .orderBy(asc(orders.id));
}

export async function findOrderItems(db: Database, orderIds: number[]) {
  return db
    .select({
      id: orderItems.id,
      orderId: orderItems.orderId,
      itemCode: items.code,
      itemTitle: items.shortDescription,
      participantProfileId: orderItems.participantProfileId,
      groupName: orderItems.groupName,
      instruments: orderItems.instruments,
      priceCents: orderItems.priceCents,
      isCancelled: orderItems.isCancelled,
      isSubmittedForMarking: orderItems.isSubmittedForMarking,
      submittedForMarkingAt: orderItems.submittedForMarkingAt,
      withdrawnAt: orderItems.withdrawnAt,
      createdAt: orderItems.createdAt,
    })
    .from(orderItems)
    .innerJoin(items, eq(items.id, orderItems.itemId))
    .where(anyOf(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.id));
}

export const findGroupParticipants = (db: Database, orderItemIds: number[]) =>
  db
    .select()
    .from(groupParticipants)
    .where(anyOf(groupParticipants.orderItemId, orderItemIds))
    .orderBy(asc(groupParticipants.orderItemId), asc(groupParticipants.position));

export const findUploads = (db: Database, orderItemIds: number[]) =>
  db
    .select()
    .from(orderItemUploads)
    .where(anyOf(orderItemUploads.orderItemId, orderItemIds))
    .orderBy(asc(orderItemUploads.id));

export const findVideoSlots = (db: Database, customerId: number, orderItemIds: number[]) =>
  db
    .select()
    .from(videoSlots)
    .where(or(eq(videoSlots.customerId, customerId), anyOf(videoSlots.orderItemId, orderItemIds)))
    .orderBy(asc(videoSlots.createdAt));

/** Published marks only: a family never sees a result before its publication. */
export async function findPublishedResults(db: Database, orderItemIds: number[]) {
  const rows = await db
    .select({
      markId: marks.id,
      orderItemId: marks.orderItemId,
      total: marks.total,
      comment: marks.comment,
      publishedAt: marks.publishedAt,
    })
    .from(marks)
    .where(and(anyOf(marks.orderItemId, orderItemIds), isNotNull(marks.publishedAt)));
  const scores = await db
    .select()
    .from(rubricScores)
    .where(
      anyOf(
        rubricScores.markId,
        rows.map((r) => r.markId),
      ),
    )
    .orderBy(asc(rubricScores.markId), asc(rubricScores.position));
  return rows.map((r) => ({
    ...r,
    scores: scores
      .filter((s) => s.markId === r.markId)
      .map((s) => ({ name: s.name, value: s.value, maxValue: s.maxValue })),
  }));
}

/**
 * The certificates of these entries; a Section Winner's only once its event's results are
 * released (decision 026): before, the archive would tell the family it won.
 */
export const findCertificates = (db: Database, orderItemIds: number[]) =>
  db
    .select(getTableColumns(certificates))
    .from(certificates)
    .leftJoin(sectionWinners, eq(sectionWinners.id, certificates.sectionWinnerId))
    .leftJoin(events, eq(events.id, sectionWinners.eventId))
    .where(
      and(
        anyOf(certificates.orderItemId, orderItemIds),
        or(isNull(certificates.sectionWinnerId), isNotNull(events.resultsReleasedAt)),
      ),
    )
    .orderBy(asc(certificates.id));

export const findPayments = (db: Database, orderIds: number[]) =>
  db.select().from(payments).where(anyOf(payments.orderId, orderIds)).orderBy(asc(payments.id));

export const findLedgerMovements = (db: Database, orderIds: number[]) =>
  db
    .select({
      id: ledgerMovements.id,
      orderId: ledgerMovements.orderId,
      kind: ledgerMovements.kind,
      method: ledgerMovements.method,
      reference: ledgerMovements.reference,
      amountCents: ledgerMovements.amountCents,
      receivedOn: ledgerMovements.receivedOn,
      note: ledgerMovements.note,
      createdAt: ledgerMovements.createdAt,
    })
    .from(ledgerMovements)
    .where(anyOf(ledgerMovements.orderId, orderIds))
    .orderBy(asc(ledgerMovements.id));

/**
 * Messages to the family's own addresses (emails compared without case), never a sign-in code:
 * the email pin by its subject, the WhatsApp pin by the code its template carries.
 */
export const findMessages = (db: Database, addresses: Addresses) =>
  db
    .select({
      channel: outboxMessages.channel,
      recipient: outboxMessages.recipient,
      subject: outboxMessages.subject,
      body: outboxMessages.body,
      status: outboxMessages.status,
      createdAt: outboxMessages.createdAt,
      sentAt: outboxMessages.sentAt,
    })
    .from(outboxMessages)
    .where(
      and(
        toAddresses(addresses),
        not(
          and(
            eq(outboxMessages.channel, 'email'),
            // A sign-in pin's mail, in whichever language it was sent.
            anyOf(outboxMessages.subject, pinEmailSubjects()),
          )!,
        ),
        sql`${outboxMessages.payload} ->> 'code' is null`,
        not(outboxMessages.holdsPin),
      ),
    )
    .orderBy(asc(outboxMessages.id));

export const findSupportTickets = (db: Database, addresses: Addresses) =>
  db
    .select({
      id: supportTickets.id,
      name: supportTickets.name,
      email: supportTickets.email,
      mobileNumber: supportTickets.mobileNumber,
      subject: supportTickets.subject,
      message: supportTickets.message,
      status: supportTickets.status,
      createdAt: supportTickets.createdAt,
    })
    .from(supportTickets)
    .where(fromAddresses(addresses))
    .orderBy(asc(supportTickets.id));

/**
 * Audit actions the archive leaves out: the adjudicators' side (marks before publication, with
 * their totals; conflicts; assignments). Published results come from the results tables.
 */
const ADJUDICATORS_SIDE = ['mark.%', 'conflict.%', 'adjudicator.%'];

export const findAuditEntries = (db: Database, about: About) =>
  db
    .select({
      action: auditLog.action,
      entityType: auditLog.entityType,
      entityId: auditLog.entityId,
      details: auditLog.details,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .where(and(aboutFamily(about), ...ADJUDICATORS_SIDE.map((p) => notLike(auditLog.action, p))))
    .orderBy(asc(auditLog.id));

// ---- Who the family is, for matching ----------------------------------------------------------

/**
 * The account's own addresses, whole and checked (its sign-in identities, its email and mobile):
 * emails in lower case, mobile numbers as stored and international. Never an address the family
 * typed for someone else (a contestant's, an order's confirmation): matched only by equality.
 */
export interface Addresses {
  emails: string[];
  mobiles: string[];
}

/** The records an audit entry may be about (never matched by text in its details). */
export interface About {
  customerId: number;
  orderIds: number[];
  orderItemIds: number[];
  profileIds: number[];
}

export function toAddresses({ emails, mobiles }: Addresses): SQL {
  return or(
    anyOf(sql`lower(${outboxMessages.recipient})`, emails),
    anyOf(outboxMessages.recipient, mobiles),
  )!;
}

export function fromAddresses({ emails, mobiles }: Addresses): SQL {
  return or(
    anyOf(sql`lower(${supportTickets.email})`, emails),
    anyOf(supportTickets.mobileNumber, mobiles),
  )!;
}

const ids = (values: number[]) => values.map(String);

/** Entries about the family's records (by entity) or made by the family (by actor). */
export function aboutFamily(about: About): SQL {
  return or(
    and(eq(auditLog.entityType, 'customer'), eq(auditLog.entityId, String(about.customerId))),
    eq(auditLog.actorCustomerId, about.customerId),
    and(eq(auditLog.entityType, 'order'), anyOf(auditLog.entityId, ids(about.orderIds))),
    and(eq(auditLog.entityType, 'order_item'), anyOf(auditLog.entityId, ids(about.orderItemIds))),
    and(
      eq(auditLog.entityType, 'participant_profile'),
      anyOf(auditLog.entityId, ids(about.profileIds)),
    ),
  )!;
}
