import type { Readable } from 'node:stream';
import { medalFor } from '@eisteddfod/shared';
import { audit } from '../../lib/audit.repository.ts';
import { FileNotFoundError, type FileStorage } from '../../providers/storage/file-storage.ts';
import { createZipStream } from './zip-stream.ts';
import {
  findAuditEntries,
  findCertificates,
  findCustomer,
  findLedgerMovements,
  findMessages,
  findPayments,
  findPublishedResults,
  findStoredFiles,
  findSupportTickets,
  findUploads,
  findVideoSlots,
} from './data-rights.repository.ts';
import type { DataRightsDependencies } from './data-rights.service.ts';
import { identify, iso, type Customer } from './family.ts';
import { noCustomer } from './erasure-requests.ts';
import { text } from './text.ts';

// A family's archive: everything kept about it, as one ZIP (decision 024).

/** A name safe in a ZIP on every system. */
const safeName = (name: string) => name.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 120) || 'file';

/**
 * The archive's README.txt, in the language the server writes (decision 057): what data.json and
 * files/ hold, and how to have the data erased.
 */
function readme(): string {
  const title = text('readmeTitle');
  return [
    `${title}\n${'='.repeat(title.length)}`,
    text('readmeIntro'),
    `${text('readmeDataJson')}\n${text('readmeFiles')}`,
    text('readmeMissing'),
    `${text('readmeErase')}\n`,
  ].join('\n\n');
}

/** The archive's files: where each is, and the name it has in the ZIP. */
interface ArchiveFile {
  name: string;
  store: FileStorage;
  key: string;
}

/** Adds a file to the archive under `name`, and answers the name for data.json. */
type FileOf = (name: string, store: FileStorage, key: string) => string;
type Family = Awaited<ReturnType<typeof identify>>;

/** What the archive found about the family's entries. */
interface EntriesFound {
  uploads: Awaited<ReturnType<typeof findUploads>>;
  results: Awaited<ReturnType<typeof findPublishedResults>>;
  liveCertificates: Awaited<ReturnType<typeof findCertificates>>;
}

/** The family's contestants, each with its pictures (copied into the ZIP). */
function contestantsOf(
  deps: DataRightsDependencies,
  fileOf: FileOf,
  who: Family,
  pictures: Awaited<ReturnType<typeof findStoredFiles>>,
) {
  return who.contestants.map((c) => ({
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
  }));
}

/** An entry of the family's, with its group, files, published result and certificates. */
function entryOf(
  deps: DataRightsDependencies,
  fileOf: FileOf,
  who: Family,
  found: EntriesFound,
  i: Family['itemRows'][number],
) {
  const { uploads, results, liveCertificates } = found;
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
        ...uploadFileOf(deps, fileOf, u, i.id),
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
}

/** An entry file: copied into the ZIP when we keep it, listed when Bunny Stream does. */
function uploadFileOf(
  deps: DataRightsDependencies,
  fileOf: FileOf,
  u: EntriesFound['uploads'][number],
  orderItemId: number,
) {
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

/** The family's account as it is now. */
function accountOf(customer: Customer) {
  return {
    id: customer.id,
    firstName: customer.firstName,
    surname: customer.surname,
    email: customer.email,
    mobileNumber: customer.mobileNumber,
    country: customer.country,
    remindersOptOut: customer.remindersOptOut,
    createdAt: customer.createdAt.toISOString(),
    updatedAt: customer.updatedAt.toISOString(),
  };
}

/** A provider's payment of one of the family's orders. */
function paymentOf(p: Awaited<ReturnType<typeof findPayments>>[number]) {
  return {
    provider: p.provider,
    providerPaymentId: p.providerPaymentId,
    amountCents: p.amountCents,
    status: p.status,
    receivedAt: p.receivedAt.toISOString(),
    details: p.payload,
  };
}

async function collectArchive(deps: DataRightsDependencies, customer: Customer) {
  const { db } = deps;
  const who = await identify(db, customer);
  const itemIds = who.itemRows.map((i) => i.id);
  const [pictures, uploads, slots, results, certs, pays, ledger, messages, tickets, log] =
    await Promise.all([
      findStoredFiles(db, customer.id),
      findUploads(db, itemIds),
      findVideoSlots(db, customer.id, itemIds),
      findPublishedResults(db, itemIds),
      findCertificates(db, itemIds),
      findPayments(db, who.about.orderIds),
      findLedgerMovements(db, who.about.orderIds),
      findMessages(db, who.addresses),
      findSupportTickets(db, who.addresses),
      findAuditEntries(db, who.about),
    ]);
  const files: ArchiveFile[] = [];
  const fileOf = (name: string, store: FileStorage, key: string) => {
    files.push({ name, store, key });
    return name;
  };
  const liveCertificates = certs.filter((c) => c.supersededAt === null);
  const found: EntriesFound = { uploads, results, liveCertificates };
  const data = {
    generatedAt: new Date(deps.now()).toISOString(),
    account: accountOf(customer),
    loginIdentities: who.identities.map((i) => ({ ...i, verifiedAt: iso(i.verifiedAt) })),
    contestants: contestantsOf(deps, fileOf, who, pictures),
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
        .map((i) => entryOf(deps, fileOf, who, found, i)),
      payments: pays.filter((p) => p.orderId === o.id).map(paymentOf),
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

  return { data, files };
}

/**
 * GET /api/Customers/{id}/DataArchive: one ZIP, streamed as it is written (README.txt, the
 * files, then data.json, which lists any file that was missing).
 */
export async function archive(
  deps: DataRightsDependencies,
  customerId: number,
): Promise<{ stream: Readable; fileName: string }> {
  const { db } = deps;
  const customer = await findCustomer(db, customerId);
  if (!customer) throw noCustomer(customerId);
  const { data, files } = await collectArchive(deps, customer);
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
    if (!(await zip.addText('README.txt', readme()))) return;
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
}
