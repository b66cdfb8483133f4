import { and, eq, inArray, notLike, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queueFileDeletions, type FileDeletion } from './file-deletions.repository.ts';
import {
  auditLog,
  certificates,
  customers,
  groupParticipants,
  ledgerMovements,
  loginIdentities,
  marks,
  orderItems,
  orderItemUploads,
  orders,
  outboxMessages,
  participantProfiles,
  payments,
  pinChallenges,
  reminderDeliveries,
  signInEvents,
  storedFiles,
  supportTickets,
  videoCollections,
  videoSlots,
} from '../../db/schema/index.ts';
import {
  aboutFamily,
  anyOf,
  findCertificates,
  findStoredFiles,
  findUploads,
  findVideoSlots,
  fromAddresses,
  toAddresses,
  type About,
  type Addresses,
} from './data-rights.repository.ts';
import { PAYMENT_FIELDS_KEPT, redactNotifications } from './erased-payments.repository.ts';
import { slotFiles, uploadFiles } from './retention.repository.ts';

// Erasing a family's personal data (decision 024).

const ERASED = 'Erased';

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
  const { orderItemIds: itemIds } = about;

  // The files first, while the rows still say where they are.
  const queued = await queueFamilyFiles(tx, customerId, itemIds);

  const counts: Record<string, number> = {};
  await deleteAccountRecords(tx, customerId, addresses, itemIds, counts);
  await eraseEntries(tx, itemIds, at, counts);
  await eraseContestants(tx, customerId, at, counts);
  await eraseOrders(tx, about, counts);
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

/** Queues every file of the family's for deletion once the erasure commits; how many. */
async function queueFamilyFiles(tx: Database, customerId: number, itemIds: number[]) {
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
  return queueFileDeletions(tx, files);
}

/** The account's sign-in records, pictures, tickets, messages, reminders and video slots. */
async function deleteAccountRecords(
  tx: Database,
  customerId: number,
  addresses: Addresses,
  itemIds: number[],
  counts: Record<string, number>,
) {
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
  await deleteMessages(tx, addresses, counts);
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
}

/** The family's support tickets, and the messages to its addresses or quoting its tickets. */
async function deleteMessages(tx: Database, addresses: Addresses, counts: Record<string, number>) {
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
}

/** The entries' files, certificates, comments and group members, anonymised. */
async function eraseEntries(
  tx: Database,
  itemIds: number[],
  at: Date,
  counts: Record<string, number>,
) {
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
}

/** Contestants no entry names are deleted; the others stay as "Erased contestant". */
async function eraseContestants(
  tx: Database,
  customerId: number,
  at: Date,
  counts: Record<string, number>,
) {
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
}

/** The orders stay as the anonymised ledger: payments cut down, references and log redacted. */
async function eraseOrders(tx: Database, about: About, counts: Record<string, number>) {
  const { orderIds } = about;
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
}
