import {
  and,
  asc,
  desc,
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
import { queueFileDeletions, type FileDeletion } from './file-deletions.repository.ts';
import { fieldsKeptAfterErasure, paymentProviderInfo } from '../../providers/payment/providers.ts';
import {
  auditLog,
  certificates,
  customers,
  erasureRequests,
  events,
  groupParticipants,
  items,
  ledgerMovements,
  loginIdentities,
  marks,
  orderItems,
  orderItemUploads,
  orders,
  outboxMessages,
  participantProfiles,
  paymentNotifications,
  payments,
  pinChallenges,
  reminderDeliveries,
  rubricScores,
  sectionWinners,
  signInEvents,
  storedFiles,
  supportTickets,
  videoCollections,
  videoSlots,
} from '../../db/schema/index.ts';
import { PIN_EMAIL_SUBJECT } from '../accounts/index.ts';

// One query for an account's sign-in addresses, the accounts module's.
export { findLoginIdentities } from '../accounts/index.ts';

/** Every query of a family's data rights (decision 024): its archive, erasure and retention. */

const anyOf = <T>(column: Parameters<typeof inArray>[0], values: T[]): SQL =>
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
          and(eq(outboxMessages.channel, 'email'), eq(outboxMessages.subject, PIN_EMAIL_SUBJECT))!,
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

function toAddresses({ emails, mobiles }: Addresses): SQL {
  return or(
    anyOf(sql`lower(${outboxMessages.recipient})`, emails),
    anyOf(outboxMessages.recipient, mobiles),
  )!;
}

function fromAddresses({ emails, mobiles }: Addresses): SQL {
  return or(
    anyOf(sql`lower(${supportTickets.email})`, emails),
    anyOf(supportTickets.mobileNumber, mobiles),
  )!;
}

const ids = (values: number[]) => values.map(String);

/** Entries about the family's records (by entity) or made by the family (by actor). */
function aboutFamily(about: About): SQL {
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

// ---- Requests ----------------------------------------------------------------------------------

export type RequestRow = typeof erasureRequests.$inferSelect;

export async function findPendingRequest(db: Database, customerId: number) {
  const [row] = await db
    .select()
    .from(erasureRequests)
    .where(and(eq(erasureRequests.customerId, customerId), eq(erasureRequests.status, 'pending')));
  return row;
}

/** A new pending request, or undefined when the family has one already (the unique index). */
export async function insertRequest(
  db: Database,
  customerId: number,
  requestedBy: 'family' | 'organiser',
  at: Date,
): Promise<RequestRow | undefined> {
  const [row] = await db
    .insert(erasureRequests)
    .values({ customerId, requestedBy, requestedAt: at })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function lockRequest(db: Database, id: number) {
  const [row] = await db
    .select()
    .from(erasureRequests)
    .where(eq(erasureRequests.id, id))
    .for('update');
  return row;
}

export async function completeRequest(
  db: Database,
  id: number,
  /** Null for an erasure replayed from the journal (decision 036). */
  organiserId: number | null,
  counts: Record<string, number>,
  at: Date,
) {
  const [row] = await db
    .update(erasureRequests)
    .set({ status: 'done', completedAt: at, completedBy: organiserId, counts })
    .where(eq(erasureRequests.id, id))
    .returning();
  return row!;
}

/** Pending first (oldest first), then done (newest first), with the family as it is now. */
export async function listRequests(db: Database) {
  return db
    .select({
      request: erasureRequests,
      firstName: customers.firstName,
      surname: customers.surname,
      email: customers.email,
      mobileNumber: customers.mobileNumber,
    })
    .from(erasureRequests)
    .innerJoin(customers, eq(customers.id, erasureRequests.customerId))
    .orderBy(
      sql`(${erasureRequests.status} = 'pending') desc`,
      sql`case when ${erasureRequests.status} = 'pending' then ${erasureRequests.requestedAt} end asc`,
      desc(erasureRequests.completedAt),
      desc(erasureRequests.id),
    )
    .limit(500);
}

// ---- Erasure -----------------------------------------------------------------------------------

const ERASED = 'Erased';

/**
 * What an erasure leaves of a payment provider's notification or payment: the fields no
 * provider's name anyone, each provider's own list (providers/payment/, decision 055).
 */
const PAYMENT_FIELDS_KEPT = fieldsKeptAfterErasure();

const count = (rows: unknown[]) => rows.length;

/**
 * Removes the family's personal data in the caller's transaction (decision 024) and writes the
 * files to delete once it commits. The account row stays as "Erased family" (orders keep their
 * foreign key), its sessions end (a new generation); orders, entries, amounts and payment
 * references stay as the anonymised ledger. Returns how many of each were removed.
 */
export async function eraseFamily(
  tx: Database,
  input: { customerId: number; addresses: Addresses; about: About; at: Date },
): Promise<Record<string, number>> {
  const { customerId, addresses, about, at } = input;
  const { orderIds, orderItemIds: itemIds } = about;

  // The files first, while the rows still say where they are.
  const files: FileDeletion[] = [];
  for (const f of await findStoredFiles(tx, customerId)) {
    files.push({ store: 'files', key: f.storageKey });
    if (f.renditionKey) files.push({ store: 'files', key: f.renditionKey });
  }
  // Locked, so a processing job cannot record a rendition between this read and the update
  // below (it would be cleared here and never deleted); it waits, then finds the key renamed.
  const uploads = await findUploads(tx, itemIds).for('update');
  for (const u of uploads) files.push(...uploadFiles(u));
  const slots = await findVideoSlots(tx, customerId, itemIds);
  for (const s of slots) files.push(...slotFiles(s));
  const certificateRows = await findCertificates(tx, itemIds);
  for (const c of certificateRows) files.push({ store: 'files', key: c.storageKey });
  const queued = await queueFileDeletions(tx, files);

  const counts: Record<string, number> = {};
  counts.loginIdentities = count(
    await tx
      .delete(loginIdentities)
      .where(eq(loginIdentities.customerId, customerId))
      .returning({ id: loginIdentities.id }),
  );
  counts.pinChallenges = count(
    await tx
      .delete(pinChallenges)
      .where(eq(pinChallenges.customerId, customerId))
      .returning({ id: pinChallenges.id }),
  );
  // Refused sign-ins keep the address masked, but they are the family's all the same.
  counts.signInEvents = count(
    await tx
      .delete(signInEvents)
      .where(eq(signInEvents.customerId, customerId))
      .returning({ id: signInEvents.id }),
  );
  counts.pictures = count(
    await tx
      .delete(storedFiles)
      .where(eq(storedFiles.customerId, customerId))
      .returning({ id: storedFiles.id }),
  );
  const tickets = await tx
    .delete(supportTickets)
    .where(fromAddresses(addresses))
    .returning({ id: supportTickets.id });
  counts.supportTickets = count(tickets);
  // A ticket's copy to the organisers quotes it: found by its ticket number, never by text.
  const copies = tickets.map((t) => `Support T-${String(t.id).padStart(6, '0')}: `);
  counts.messages = count(
    await tx
      .delete(outboxMessages)
      .where(
        or(
          toAddresses(addresses),
          ...copies.map((prefix) =>
            eq(sql`left(${outboxMessages.subject}, ${prefix.length})`, prefix),
          ),
        ),
      )
      .returning({ id: outboxMessages.id }),
  );
  counts.reminderDeliveries = count(
    await tx
      .delete(reminderDeliveries)
      .where(eq(reminderDeliveries.customerId, customerId))
      .returning({ id: reminderDeliveries.id }),
  );
  counts.videoSlots = count(
    await tx
      .delete(videoSlots)
      .where(or(eq(videoSlots.customerId, customerId), anyOf(videoSlots.orderItemId, itemIds)))
      .returning({ id: videoSlots.id }),
  );
  await tx.delete(videoCollections).where(eq(videoCollections.customerId, customerId));
  counts.uploads = count(
    await tx
      .update(orderItemUploads)
      .set({
        fileName: ERASED,
        originalFileName: sql`'erased-' || ${orderItemUploads.id}`,
        // The key may hold a name (an imported file's); its file is queued for deletion above.
        storageKey: sql`'erased/upload-' || ${orderItemUploads.id}`,
        servedKey: null,
        posterKey: null,
        thumbnailKey: null,
        isDeleted: true,
        deletedAt: sql`coalesce(${orderItemUploads.deletedAt}, ${at.toISOString()}::timestamptz)`,
      })
      .where(anyOf(orderItemUploads.orderItemId, itemIds))
      .returning({ id: orderItemUploads.id }),
  );
  // Kept current, so no sweep makes them again; the name and the PDF go. The key named the
  // contestant ({folder}/{order}_{item}_{first}_{surname}_{total}.pdf): queued above, then cleared.
  counts.certificates = count(
    await tx
      .update(certificates)
      .set({
        firstName: ERASED,
        surname: '',
        school: '',
        fileName: sql`'certificate-' || ${certificates.id} || '.pdf'`,
        storageKey: sql`'erased/certificate-' || ${certificates.id}`,
      })
      .where(anyOf(certificates.orderItemId, itemIds))
      .returning({ id: certificates.id }),
  );
  await tx.update(marks).set({ comment: '' }).where(anyOf(marks.orderItemId, itemIds));

  // Adjudicators' conflicts of interest are left alone: a row holds a name as the adjudicator
  // typed it, tied to no family's record, and may be about another child of that name.
  counts.groupMembers = count(
    await tx
      .update(groupParticipants)
      .set({ firstName: ERASED, surname: 'member', school: ERASED })
      .where(anyOf(groupParticipants.orderItemId, itemIds))
      .returning({ id: groupParticipants.id }),
  );
  await tx
    .update(orderItems)
    .set({
      groupName: sql`case when ${orderItems.groupName} is null then null else 'Erased group' end`,
    })
    .where(anyOf(orderItems.id, itemIds));

  // Contestants no entry names are deleted; the others stay as "Erased contestant".
  const entered = tx
    .select({ id: orderItems.participantProfileId })
    .from(orderItems)
    .where(eq(orderItems.participantProfileId, participantProfiles.id));
  counts.contestantsDeleted = count(
    await tx
      .delete(participantProfiles)
      .where(and(eq(participantProfiles.customerId, customerId), sql`not exists (${entered})`))
      .returning({ id: participantProfiles.id }),
  );
  counts.contestantsAnonymised = count(
    await tx
      .update(participantProfiles)
      .set({
        firstName: ERASED,
        surname: 'contestant',
        email: null,
        mobileNumber: null,
        school: ERASED,
        gender: null,
        updatedAt: at,
      })
      .where(eq(participantProfiles.customerId, customerId))
      .returning({ id: participantProfiles.id }),
  );

  await tx.update(orders).set({ confirmationEmail: null }).where(anyOf(orders.id, orderIds));
  // An open order can no longer be paid: a provider's late notification credits nothing.
  counts.ordersCancelled = count(
    await tx
      .update(orders)
      .set({ status: 'cancelled' })
      .where(and(anyOf(orders.id, orderIds), inArray(orders.status, ['cart', 'awaiting_payment'])))
      .returning({ id: orders.id }),
  );
  const kept = sql.join(
    PAYMENT_FIELDS_KEPT.map((k) => sql`${k}`),
    sql`, `,
  );
  counts.payments = count(
    await tx
      .update(payments)
      .set({
        payload: sql`(select coalesce(jsonb_object_agg(key, value), '{}'::jsonb) from jsonb_each(${payments.payload}) where key in (${kept}))`,
      })
      .where(anyOf(payments.orderId, orderIds))
      .returning({ id: payments.id }),
  );
  counts.paymentNotifications = await redactNotifications(tx, orderIds);
  counts.ledgerMovements = count(
    await tx
      .update(ledgerMovements)
      .set({ reference: sql`'erased-' || ${ledgerMovements.id}`, note: null })
      .where(anyOf(ledgerMovements.orderId, orderIds))
      .returning({ id: ledgerMovements.id }),
  );
  // Marks' entries hold only totals (kept in marks too) and stay the adjudicators' record.
  counts.auditEntries = count(
    await tx
      .update(auditLog)
      .set({ details: { redacted: true } })
      .where(and(aboutFamily(about), notLike(auditLog.action, 'mark.%')))
      .returning({ id: auditLog.id }),
  );
  await tx
    .update(customers)
    .set({
      firstName: ERASED,
      surname: 'family',
      email: null,
      emailVerifiedAt: null,
      mobileNumber: null,
      mobileVerifiedAt: null,
      remindersOptOut: true,
      sessionGeneration: sql`${customers.sessionGeneration} + 1`,
      updatedAt: at,
    })
    .where(eq(customers.id, customerId));
  counts.files = queued;
  return counts;
}

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
async function redactNotifications(tx: Database, orderIds: number[]): Promise<number> {
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

/**
 * Where an entry file's bytes are: our files, our video store (with tus's info), or Bunny; and
 * what processing made of it (its rendition or clean copy, its poster, an image's thumbnail;
 * decisions 025 and 047).
 */
export function uploadFiles(
  u: Pick<
    typeof orderItemUploads.$inferSelect,
    'storageKey' | 'videoId' | 'servedKey' | 'posterKey' | 'thumbnailKey'
  >,
): FileDeletion[] {
  const made: FileDeletion[] = [u.servedKey, u.posterKey, u.thumbnailKey].flatMap((key) =>
    key ? [{ store: 'files' as const, key }] : [],
  );
  if (!u.videoId) return [{ store: 'files', key: u.storageKey }, ...made];
  if (u.storageKey.startsWith('bunny:')) return [{ store: 'video-host', key: u.videoId }, ...made];
  return [...videoStoreFiles(u.storageKey), ...made];
}

function slotFiles(s: typeof videoSlots.$inferSelect): FileDeletion[] {
  const files: FileDeletion[] = [{ store: 'video-host', key: s.id }];
  const key = s.storageKey ?? s.uploadId;
  if (key) files.push(...videoStoreFiles(key));
  return files;
}

/** A tus upload: its bytes, and the info file the store keeps beside them (.json on disk, .info on S3). */
const videoStoreFiles = (key: string): FileDeletion[] =>
  ['', '.json', '.info'].map((suffix) => ({ store: 'videos' as const, key: `${key}${suffix}` }));

// ---- Retention -----------------------------------------------------------------------------------

/**
 * Live uploads of entries whose results were published more than their event's retention
 * period before `at`, with the event they belong to.
 */
export async function findExpiredUploads(db: Database, at: Date, limit: number) {
  return db
    .select({
      id: orderItemUploads.id,
      orderItemId: orderItemUploads.orderItemId,
      storageKey: orderItemUploads.storageKey,
      videoId: orderItemUploads.videoId,
      servedKey: orderItemUploads.servedKey,
      posterKey: orderItemUploads.posterKey,
      thumbnailKey: orderItemUploads.thumbnailKey,
      eventId: events.id,
      days: events.fileRetentionDays,
    })
    .from(orderItemUploads)
    .innerJoin(marks, eq(marks.orderItemId, orderItemUploads.orderItemId))
    .innerJoin(orderItems, eq(orderItems.id, orderItemUploads.orderItemId))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(events, eq(events.id, orders.eventId))
    .where(
      and(
        eq(orderItemUploads.isDeleted, false),
        sql`${marks.publishedAt} < ${at.toISOString()}::timestamptz - make_interval(days => ${events.fileRetentionDays})`,
      ),
    )
    .orderBy(asc(orderItemUploads.id))
    .limit(limit);
}

/** Marks uploads deleted (their files are queued by the caller); the ids that were still live. */
export async function markUploadsDeleted(db: Database, uploadIds: number[], at: Date) {
  const rows = await db
    .update(orderItemUploads)
    .set({ isDeleted: true, deletedAt: at })
    .where(and(anyOf(orderItemUploads.id, uploadIds), eq(orderItemUploads.isDeleted, false)))
    .returning({ id: orderItemUploads.id });
  return rows.map((r) => r.id);
}

/** The video slots of these entries (their finished or abandoned videos), removed. */
export async function deleteSlotsOf(db: Database, orderItemIds: number[]) {
  const rows = await db
    .delete(videoSlots)
    .where(anyOf(videoSlots.orderItemId, orderItemIds))
    .returning();
  return rows.flatMap(slotFiles);
}
