import type { Readable } from 'node:stream';
import {
  formatLongDate,
  medalFor,
  paths,
  type FamilyDataRights,
  type FamilyErasureRequest,
  type StaffErasureRequest,
} from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';
import { audit } from '../../lib/audit.repository.ts';
import { journalErasure, readErasureJournal } from '../../lib/erasure-journal.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Jobs } from '../../plugins/jobs.ts';
import { FileNotFoundError, type FileStorage } from '../../providers/storage/file-storage.ts';
import type { VideoHost } from '../../providers/video/video-host.ts';
import { toInternationalNumber } from '../accounts/index.ts';
import { provedAddresses } from '../accounts/index.ts';
import type { Outbox, OutboxMessage } from '../outbox/index.ts';
import * as repo from './data-rights.repository.ts';
import * as deletions from './file-deletions.repository.ts';
import { createZipStream } from './zip-stream.ts';

export const DELETE_FILES_JOB = 'data-rights.delete-files';

export interface DataRightsDependencies {
  db: Database;
  outbox: Outbox;
  jobs: Jobs;
  /** Pictures, entry documents and certificates. */
  storage: FileStorage;
  /** Finished videos on our own host (the tus store). */
  videoFiles: FileStorage;
  videoHost: VideoHost;
  organiserEmail: string;
  publicUrl: string;
  now: () => number;
}

type Customer = NonNullable<Awaited<ReturnType<typeof repo.findCustomer>>>;

const noRequest = (id: number) =>
  notFound('ERASURE_REQUEST_NOT_FOUND', `There is no request for erasure with id ${id}`);
const noCustomer = (id: number) =>
  notFound('CUSTOMER_NOT_FOUND', `There is no customer with id ${id}`);
const staffRefused = () =>
  new AppError(
    409,
    'STAFF_NOT_ERASABLE',
    'This is a staff account: deactivate it on the Staff screen instead. Its marks and changes stay theirs.',
  );

/**
 * A storage error without the file's key: a certificate's key names the child, and the row
 * that keeps the error may outlive the erasure by days of retries.
 */
const withoutKey = (message: string, key: string) =>
  [key, encodeURIComponent(key), key.split('/').pop() ?? key]
    .filter((k) => k.length > 0)
    .reduce((m, k) => m.replaceAll(k, '<file>'), message);
const iso = (d: Date | null) => d?.toISOString() ?? null;
const requestNumber = (id: number) => `R-${String(id).padStart(6, '0')}`;
/** Whole addresses only (they are matched by equality, but a fragment is never one). */
const WHOLE_EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const WHOLE_MOBILE = /^\+?\d{6,15}$/;
/** A name safe in a ZIP on every system. */
const safeName = (name: string) => name.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 120) || 'file';

const README = `Your data from the Online Eisteddfod
=====================================

This archive holds everything the entry portal keeps about your family, as the Protection of
Personal Information Act (POPIA) entitles you to.

data.json   Your account and its sign-in addresses, your contestants, your orders with their
            entries, group members, uploaded files' details, published results and certificates,
            your payments, the messages we sent you, your support tickets and the log of changes
            made to your records. Amounts are in cents (R 1.00 = 100).
files/      The files themselves: contestants' pictures (files/pictures), the files uploaded for
            entries (files/entries/<entry number>) and certificates (files/certificates).
            Videos kept by our video host (Bunny Stream) are listed in data.json with their
            address rather than copied here.

A file listed in data.json as "missing" was no longer in storage when the archive was made
(deleted after its event's retention period, for instance).

To have your data erased, use "Ask us to erase my data" on My Profile.
`;

/**
 * A family's data rights (issue 17, POPIA; decision 024): its archive, its request for erasure,
 * the organisers' erasure, and the deletion of entries' files after their event's retention.
 */
export function createDataRightsService(deps: DataRightsDependencies) {
  const { db } = deps;

  /**
   * Who the family is, for finding its records in tables that hold no customer id: its records'
   * ids, and its own addresses (decision 024): only those it proved with a pin (decision 031),
   * its sign-in identities once a login pin reached them and its email and mobile once proved;
   * never a detail typed and not proved, a contestant's or an order's confirmation address,
   * which the family types for anyone (a stranger's number would take the stranger's messages
   * into the archive, and the erasure would delete them).
   */
  async function identify(tx: Database, customer: Customer) {
    const identities = await repo.findLoginIdentities(tx, customer.id);
    const contestants = await repo.findContestants(tx, customer.id);
    const orderRows = await repo.findOrders(tx, customer.id);
    const orderIds = orderRows.map((o) => o.id);
    const itemRows = await repo.findOrderItems(tx, orderIds);
    const members = await repo.findGroupParticipants(
      tx,
      itemRows.map((i) => i.id),
    );
    const emails = new Set<string>();
    const mobiles = new Set<string>();
    const addEmail = (e: string | null | undefined) => {
      const email = e?.trim().toLowerCase();
      if (email && WHOLE_EMAIL.test(email)) emails.add(email);
    };
    const addMobile = (m: string | null | undefined) => {
      const mobile = m?.trim();
      if (!mobile || !WHOLE_MOBILE.test(mobile)) return;
      mobiles.add(mobile);
      if (!mobile.startsWith('+')) mobiles.add(toInternationalNumber(mobile, customer.country));
    };
    const proved = provedAddresses(customer);
    addEmail(proved.email);
    addMobile(proved.mobile);
    for (const i of identities) {
      if (!i.verifiedAt) continue;
      if (i.channel === 'email') addEmail(i.identifier);
      else addMobile(i.identifier);
    }
    const addresses: repo.Addresses = { emails: [...emails], mobiles: [...mobiles] };
    const about: repo.About = {
      customerId: customer.id,
      orderIds,
      orderItemIds: itemRows.map((i) => i.id),
      profileIds: contestants.map((c) => c.id),
    };
    return { identities, contestants, orderRows, itemRows, members, addresses, about };
  }

  function toFamilyRequest(row: repo.RequestRow): FamilyErasureRequest {
    return { id: row.id, status: row.status, requestedAt: row.requestedAt.toISOString() };
  }

  function toStaffRequest(
    row: repo.RequestRow,
    family: Pick<Customer, 'firstName' | 'surname' | 'email' | 'mobileNumber'>,
  ): StaffErasureRequest {
    const pending = row.status === 'pending';
    return {
      id: row.id,
      customerId: row.customerId,
      status: row.status,
      requestedBy: row.requestedBy,
      familyName: pending ? `${family.firstName} ${family.surname}` : null,
      email: pending ? family.email : null,
      mobileNumber: pending ? family.mobileNumber : null,
      requestedAt: row.requestedAt.toISOString(),
      completedAt: iso(row.completedAt),
      counts: row.counts ?? null,
    };
  }

  /** Carries out `request` in `tx`: the family's personal data goes, the ledger stays. */
  async function carryOut(
    tx: Database,
    organiserId: number | null,
    request: repo.RequestRow,
    replayed = false,
  ): Promise<StaffErasureRequest> {
    if (request.status === 'done') {
      throw new AppError(409, 'ERASURE_DONE', 'This request has been carried out already.');
    }
    const customer = await repo.lockCustomer(tx, request.customerId);
    if (!customer) throw noCustomer(request.customerId);
    if (customer.role !== 'customer') throw staffRefused();
    const at = new Date(deps.now());
    const { addresses, about } = await identify(tx, customer);
    const counts = await repo.eraseFamily(tx, {
      customerId: customer.id,
      addresses,
      about,
      at,
    });
    const done = await repo.completeRequest(tx, request.id, organiserId, counts, at);
    // The record that it was done: numbers only, no personal data.
    await audit(tx, {
      actorCustomerId: organiserId,
      action: 'data.erased',
      entityType: 'customer',
      entityId: customer.id,
      details: {
        request: requestNumber(request.id),
        requestedBy: request.requestedBy,
        counts,
        ...(replayed ? { replayedFromJournal: true } : {}),
      },
    });
    // Outside the database (decision 036), within the transaction: an erasure whose entry
    // could not be written does not happen, so a restore from an older backup can repeat it.
    await journalErasure(deps.storage, {
      customerId: customer.id,
      customerCreatedAt: customer.createdAt.toISOString(),
      erasedAt: at.toISOString(),
    });
    const after = await repo.findCustomer(tx, customer.id);
    return toStaffRequest(done, after!);
  }

  /** After the erasure's commit: its files go by a job that retries (never inside the tx). */
  async function deleteFilesSoon(): Promise<void> {
    await deps.jobs.send(DELETE_FILES_JOB, {});
  }

  async function deleteFile(row: { store: string; key: string }): Promise<void> {
    if (row.store === 'files') await deps.storage.delete(row.key);
    else if (row.store === 'videos') await deps.videoFiles.delete(row.key);
    else await deps.videoHost.deleteVideo(row.key);
  }

  /**
   * Deletes the files erasures and the retention sweep let go, each row once its delete
   * succeeded; throws when any failed, so the job is retried (the rows stay for the next try).
   */
  async function deletePendingFiles(): Promise<number> {
    let after = 0;
    let deleted = 0;
    let failed = 0;
    for (;;) {
      const rows = await deletions.nextFileDeletions(db, after, 100, new Date(deps.now()));
      if (rows.length === 0) break;
      for (const row of rows) {
        after = row.id;
        try {
          await deleteFile(row);
          await deletions.fileDeleted(db, row.id);
          deleted++;
        } catch (err) {
          failed++;
          const message = err instanceof Error ? err.message : String(err);
          await deletions.fileNotDeleted(db, row.id, withoutKey(message, row.key));
        }
      }
    }
    if (failed > 0) throw new Error(`${failed} files could not be deleted; they are tried again.`);
    return deleted;
  }

  /** The archive's files: where each is, and the name it has in the ZIP. */
  interface ArchiveFile {
    name: string;
    store: FileStorage;
    key: string;
  }

  async function collectArchive(customer: Customer) {
    const who = await identify(db, customer);
    const itemIds = who.itemRows.map((i) => i.id);
    const [pictures, uploads, slots, results, certs, pays, ledger, messages, tickets, log] =
      await Promise.all([
        repo.findStoredFiles(db, customer.id),
        repo.findUploads(db, itemIds),
        repo.findVideoSlots(db, customer.id, itemIds),
        repo.findPublishedResults(db, itemIds),
        repo.findCertificates(db, itemIds),
        repo.findPayments(db, who.about.orderIds),
        repo.findLedgerMovements(db, who.about.orderIds),
        repo.findMessages(db, who.addresses),
        repo.findSupportTickets(db, who.addresses),
        repo.findAuditEntries(db, who.about),
      ]);
    const files: ArchiveFile[] = [];
    const fileOf = (name: string, store: FileStorage, key: string) => {
      files.push({ name, store, key });
      return name;
    };
    const liveCertificates = certs.filter((c) => c.supersededAt === null);
    const data = {
      generatedAt: new Date(deps.now()).toISOString(),
      account: {
        id: customer.id,
        firstName: customer.firstName,
        surname: customer.surname,
        email: customer.email,
        mobileNumber: customer.mobileNumber,
        country: customer.country,
        remindersOptOut: customer.remindersOptOut,
        createdAt: customer.createdAt.toISOString(),
        updatedAt: customer.updatedAt.toISOString(),
      },
      loginIdentities: who.identities.map((i) => ({ ...i, verifiedAt: iso(i.verifiedAt) })),
      contestants: who.contestants.map((c) => ({
        id: c.id,
        firstName: c.firstName,
        surname: c.surname,
        email: c.email,
        mobileNumber: c.mobileNumber,
        school: c.school,
        grade: c.grade,
        gender: c.gender,
        acceptedTermsAt: iso(c.acceptedTermsAt),
        acceptedHonourPledgeAt: iso(c.acceptedHonourPledgeAt),
        createdAt: c.createdAt.toISOString(),
        pictures: pictures
          .filter((p) => p.participantProfileId === c.id)
          .map((p) => ({
            originalName: p.originalName,
            contentType: p.contentType,
            sizeBytes: p.sizeBytes,
            file: fileOf(
              `files/pictures/${c.id}-${safeName(p.originalName)}`,
              deps.storage,
              p.storageKey,
            ),
          })),
      })),
      picturesNotYetUsed: pictures
        .filter((p) => p.participantProfileId === null)
        .map((p) => ({
          originalName: p.originalName,
          file: fileOf(
            `files/pictures/unused-${safeName(p.originalName)}`,
            deps.storage,
            p.storageKey,
          ),
        })),
      orders: who.orderRows.map((o) => ({
        ...o,
        checkedOutAt: iso(o.checkedOutAt),
        completedAt: iso(o.completedAt),
        createdAt: o.createdAt.toISOString(),
        items: who.itemRows
          .filter((i) => i.orderId === o.id)
          .map((i) => {
            const result = results.find((r) => r.orderItemId === i.id);
            return {
              ...i,
              submittedForMarkingAt: iso(i.submittedForMarkingAt),
              withdrawnAt: iso(i.withdrawnAt),
              createdAt: i.createdAt.toISOString(),
              groupParticipants: who.members
                .filter((m) => m.orderItemId === i.id)
                .map((m) => ({
                  position: m.position,
                  firstName: m.firstName,
                  surname: m.surname,
                  school: m.school,
                  gender: m.gender,
                  grade: m.grade,
                })),
              uploads: uploads
                .filter((u) => u.orderItemId === i.id)
                .map((u) => ({
                  id: u.id,
                  fileName: u.fileName,
                  originalFileName: u.originalFileName,
                  uploadType: u.uploadType,
                  sizeInBytes: u.sizeInBytes,
                  isPrimaryFile: u.isPrimaryFile,
                  isVideo: u.isVideo,
                  deleted: u.isDeleted,
                  createdAt: u.createdAt.toISOString(),
                  ...uploadFileOf(u, i.id),
                })),
              result: result
                ? {
                    total: result.total,
                    medal: medalFor(result.total),
                    comment: result.comment,
                    scores: result.scores,
                    publishedAt: iso(result.publishedAt),
                  }
                : null,
              certificates: liveCertificates
                .filter((c) => c.orderItemId === i.id)
                .map((c) => ({
                  fileName: c.fileName,
                  verificationCode: c.verificationCode,
                  firstName: c.firstName,
                  surname: c.surname,
                  school: c.school,
                  itemCode: c.itemCode,
                  total: c.total,
                  medal: c.medal,
                  issuedAt: c.issuedAt.toISOString(),
                  file: fileOf(
                    `files/certificates/${c.id}-${safeName(c.fileName)}`,
                    deps.storage,
                    c.storageKey,
                  ),
                })),
            };
          }),
        payments: pays
          .filter((p) => p.orderId === o.id)
          .map((p) => ({
            provider: p.provider,
            providerPaymentId: p.providerPaymentId,
            amountCents: p.amountCents,
            status: p.status,
            receivedAt: p.receivedAt.toISOString(),
            details: p.payload,
          })),
        recordedByHand: ledger
          .filter((l) => l.orderId === o.id)
          .map(({ orderId: _orderId, id: _id, createdAt, ...l }) => ({
            ...l,
            createdAt: createdAt.toISOString(),
          })),
      })),
      videosNotYetAttached: slots
        .filter((s) => !uploads.some((u) => u.videoId === s.id))
        .map((s) => ({
          orderItemId: s.orderItemId,
          title: s.title,
          originalFileName: s.originalFileName,
          sizeBytes: s.storageSize,
          completedAt: iso(s.completedAt),
        })),
      messagesSentToYou: messages.map((m) => ({
        ...m,
        createdAt: m.createdAt.toISOString(),
        sentAt: iso(m.sentAt),
      })),
      supportTickets: tickets.map((t) => ({ ...t, createdAt: t.createdAt.toISOString() })),
      changeLog: log.map((l) => ({ ...l, createdAt: l.createdAt.toISOString() })),
    };

    /** An entry file: copied into the ZIP when we keep it, listed when Bunny Stream does. */
    function uploadFileOf(u: (typeof uploads)[number], orderItemId: number) {
      if (u.isDeleted) return { file: null };
      if (u.videoId && u.storageKey.startsWith('bunny:')) {
        return {
          file: null,
          videoHost: 'Bunny Stream',
          videoUrl: deps.videoHost.embedUrl(u.videoId),
        };
      }
      const store = u.videoId ? deps.videoFiles : deps.storage;
      return {
        file: fileOf(
          `files/entries/${orderItemId}/${u.id}-${safeName(u.originalFileName)}`,
          store,
          u.storageKey,
        ),
      };
    }

    return { data, files };
  }

  return {
    /**
     * GET /api/Customers/{id}/DataArchive: one ZIP, streamed as it is written (README.txt, the
     * files, then data.json, which lists any file that was missing).
     */
    async archive(customerId: number): Promise<{ stream: Readable; fileName: string }> {
      const customer = await repo.findCustomer(db, customerId);
      if (!customer) throw noCustomer(customerId);
      const { data, files } = await collectArchive(customer);
      await audit(db, {
        actorCustomerId: customerId,
        action: 'data.archive',
        entityType: 'customer',
        entityId: customerId,
        details: { files: files.length, orders: data.orders.length },
      });
      const zip = createZipStream();
      const missing: string[] = [];
      const write = async () => {
        if (!(await zip.addText('README.txt', README))) return;
        for (const file of files) {
          let source: Readable;
          try {
            source = (await file.store.read(file.key)).stream;
          } catch (err) {
            if (!(err instanceof FileNotFoundError)) throw err;
            missing.push(file.name);
            continue;
          }
          if (!(await zip.addStream(file.name, source))) return;
        }
        const json = JSON.stringify({ ...data, missingFiles: missing }, null, 2);
        if (!(await zip.addText('data.json', json))) return;
        zip.end();
      };
      void write().catch((err: unknown) => zip.fail(err as Error));
      const day = new Date(deps.now()).toISOString().slice(0, 10);
      return { stream: zip.stream, fileName: `eisteddfod-data-${customerId}-${day}.zip` };
    },

    async familyRequest(customerId: number): Promise<FamilyDataRights> {
      const row = await repo.findPendingRequest(db, customerId);
      return { request: row ? toFamilyRequest(row) : null };
    },

    /**
     * POST /api/Customers/{id}/ErasureRequest: recorded, the organisers told, the family
     * acknowledged, audited; all in one transaction. A second request finds the first.
     */
    async requestErasure(
      customerId: number,
    ): Promise<{ request: FamilyErasureRequest; created: boolean }> {
      const at = new Date(deps.now());
      const outcome = await db.transaction(async (tx) => {
        const customer = await repo.lockCustomer(tx, customerId);
        if (!customer) throw noCustomer(customerId);
        if (customer.role !== 'customer') throw staffRefused();
        const existing = await repo.findPendingRequest(tx, customerId);
        if (existing) return { row: existing, created: false, messages: 0 };
        const row = await repo.insertRequest(tx, customerId, 'family', at);
        if (!row) throw new Error('A pending request appeared under the lock');
        const messages = erasureMessages(customer, row, at);
        await deps.outbox.enqueueWithin(tx, messages);
        await audit(tx, {
          actorCustomerId: customerId,
          action: 'data.erasure-requested',
          entityType: 'customer',
          entityId: customerId,
          details: { request: requestNumber(row.id) },
        });
        return { row, created: true, messages: messages.length };
      });
      if (outcome.messages > 0) deps.outbox.deliverSoon(outcome.messages);
      return { request: toFamilyRequest(outcome.row), created: outcome.created };
    },

    async list(): Promise<StaffErasureRequest[]> {
      return (await repo.listRequests(db)).map((r) => toStaffRequest(r.request, r));
    },

    /** POST /api/Staff/DataRequests/{id}/Erase: in one transaction, then the files. */
    async erase(organiserId: number, requestId: number): Promise<StaffErasureRequest> {
      const done = await db.transaction(async (tx) => {
        const request = await repo.lockRequest(tx, requestId);
        if (!request) throw noRequest(requestId);
        return carryOut(tx, organiserId, request);
      });
      await deleteFilesSoon();
      return done;
    },

    /** POST /api/Staff/Customers/{id}/Erase: a request on the family's behalf, carried out. */
    async eraseCustomer(organiserId: number, customerId: number): Promise<StaffErasureRequest> {
      const done = await db.transaction(async (tx) => {
        const customer = await repo.lockCustomer(tx, customerId);
        if (!customer) throw noCustomer(customerId);
        if (customer.role !== 'customer') throw staffRefused();
        const request =
          (await repo.findPendingRequest(tx, customerId)) ??
          (await repo.insertRequest(tx, customerId, 'organiser', new Date(deps.now())));
        if (!request) throw new Error('A pending request appeared under the lock');
        return carryOut(tx, organiserId, request);
      });
      await deleteFilesSoon();
      return done;
    },

    deletePendingFiles,

    /**
     * Carries out again every erasure of the journal that the database does not show done (a
     * restored backup older than it): at start, before the server serves. An account of the
     * same id made since (a restored database hands out its ids again) is not the one erased.
     */
    async replayErasureJournal(): Promise<number> {
      let replayed = 0;
      for (const entry of await readErasureJournal(deps.storage)) {
        const customer = await repo.findCustomer(db, entry.customerId);
        if (!customer || customer.createdAt.getTime() !== Date.parse(entry.customerCreatedAt)) {
          continue;
        }
        if (customer.role !== 'customer' || (await repo.isErased(db, customer.id))) continue;
        const done = await db.transaction(async (tx) => {
          await repo.lockCustomer(tx, customer.id);
          // Another instance starting at the same time may have replayed it meanwhile.
          if (await repo.isErased(tx, customer.id)) return false;
          const request =
            (await repo.findPendingRequest(tx, customer.id)) ??
            (await repo.insertRequest(tx, customer.id, 'organiser', new Date(deps.now())));
          if (!request) throw new Error('A pending request appeared under the lock');
          await carryOut(tx, null, request, true);
          return true;
        });
        if (done) replayed++;
      }
      if (replayed > 0) await deleteFilesSoon();
      return replayed;
    },

    /**
     * The daily sweep: entries' uploaded files whose results were published longer ago than
     * their event's retention period are deleted (certificates and the ledger stay). Marked
     * deleted in the database first, so a second run finds nothing; audited per event as a
     * system action.
     */
    async retentionSweep(): Promise<number> {
      const at = new Date(deps.now());
      let swept = 0;
      for (;;) {
        const rows = await repo.findExpiredUploads(db, at, 200);
        if (rows.length === 0) break;
        swept += await db.transaction(async (tx) => {
          const live = new Set(
            await repo.markUploadsDeleted(
              tx,
              rows.map((r) => r.id),
              at,
            ),
          );
          const expired = rows.filter((r) => live.has(r.id));
          const files = expired.flatMap(repo.uploadFiles);
          files.push(
            ...(await repo.deleteSlotsOf(tx, [...new Set(expired.map((r) => r.orderItemId))])),
          );
          await deletions.queueFileDeletions(tx, files);
          const byEvent = new Map<number, { uploads: number; days: number }>();
          for (const r of expired) {
            const e = byEvent.get(r.eventId) ?? { uploads: 0, days: r.days };
            e.uploads++;
            byEvent.set(r.eventId, e);
          }
          for (const [eventId, e] of byEvent) {
            await audit(tx, {
              actorCustomerId: null,
              action: 'data.retention-sweep',
              entityType: 'event',
              entityId: eventId,
              details: { uploadsDeleted: e.uploads, retentionDays: e.days },
            });
          }
          return expired.length;
        });
      }
      await deletePendingFiles();
      return swept;
    },
  };

  /** The organisers' notice and the family's acknowledgement of a new request. */
  function erasureMessages(customer: Customer, row: repo.RequestRow, at: Date): OutboxMessage[] {
    const number = requestNumber(row.id);
    const day = formatLongDate(at.toISOString().slice(0, 10));
    const screen = `${deps.publicUrl}${paths.staffDataRequests.href()}`;
    // No name or address for the organisers: the screen shows them while the request is open.
    const messages: OutboxMessage[] = [
      {
        channel: 'email',
        recipient: deps.organiserEmail,
        subject: `Request to erase a family's data (${number})`,
        body: [
          `A family (account ${customer.id}) asked on ${day} for its personal data to be erased (${number}).`,
          '',
          `Please carry it out within 30 days on the Data requests screen: ${screen}`,
        ].join('\n'),
      },
    ];
    const acknowledgement = [
      `Dear ${customer.firstName},`,
      '',
      `We received your request of ${day} to erase the personal data the Online Eisteddfod holds about you and your contestants (${number}).`,
      'An organiser will carry it out within 30 days. Once it is done you can no longer sign in, and we cannot write to you again.',
      '',
      'What we keep: your orders and payments, without any names, for five years, as South African tax law requires.',
      '',
      'If you did not ask for this, please contact us at once.',
    ].join('\n');
    const to = provedAddresses(customer);
    if (to.email) {
      messages.push({
        channel: 'email',
        recipient: to.email,
        subject: `We received your request to erase your data (${number})`,
        body: acknowledgement,
      });
    } else if (to.mobile) {
      messages.push({
        channel: 'whatsapp',
        recipient: to.mobile,
        body: `Online Eisteddfod: we received your request to erase your data (${number}). An organiser will carry it out within 30 days; orders and payments are kept without names for five years, as the law requires.`,
      });
    }
    return messages;
  }
}

export type DataRightsService = ReturnType<typeof createDataRightsService>;
