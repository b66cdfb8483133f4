import {
  PROCESSING_TEXT,
  UPLOAD_TEXT,
  UPLOAD_TYPE,
  type ParticipantOrderItem,
  type ParticipantOrderItemsPage,
} from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';
import { audit } from '../../lib/audit.repository.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { CatalogueService } from '../catalogue/index.ts';
import type { ContestantsService } from '../contestants/index.ts';
import * as repo from './entries.repository.ts';
import * as fileRepo from './entry-files.repository.ts';
import { finalisedError, withdrawnError, type EntryAccess } from './entry-access.ts';
import { findLiveUploads, type MediaLinks } from '../entries/index.ts';

export interface EntriesDependencies {
  db: Database;
  access: EntryAccess;
  catalogue: CatalogueService;
  contestants: ContestantsService;
  mediaLinks: MediaLinks;
  now: () => number;
}

type Deps = EntriesDependencies;

interface ParticipantEntriesQuery {
  participantId: number;
  skip: number;
  take: number;
  year?: number | undefined;
  search: string;
}

/** GET /api/OrderItems/ParticipantOrderItems: one page of a contestant's paid entries. */
async function listParticipantEntries(
  deps: Deps,
  customerId: number,
  query: ParticipantEntriesQuery,
): Promise<ParticipantOrderItemsPage> {
  const { db, catalogue } = deps;
  await deps.contestants.requireOwnContestant(customerId, query.participantId);
  let year = query.year;
  if (year === undefined) {
    const eventId = await catalogue.currentEventId();
    year = eventId === undefined ? undefined : (await catalogue.getEvent(eventId)).year;
  }
  const years = await repo.entryYears(db, customerId, query.participantId);
  if (year === undefined)
    return {
      items: [],
      total: 0,
      allEntries: 0,
      withdrawnEntries: 0,
      completeEntries: 0,
      finalisedEntries: 0,
      years,
    };
  const page = await repo.pageEntries(db, {
    customerId,
    profileId: query.participantId,
    year,
    search: query.search,
    skip: query.skip,
    take: query.take,
  });
  return {
    items: await deps.access.describeEntries(page.rows),
    total: page.total,
    allEntries: page.allEntries,
    withdrawnEntries: page.withdrawnEntries,
    completeEntries: page.completeEntries,
    finalisedEntries: page.finalisedEntries,
    years,
  };
}

/** Spec 4, Finalising: needs a main file; finalising twice is harmless. */
async function finalise(
  deps: Deps,
  customerId: number,
  orderItemId: number,
): Promise<ParticipantOrderItem> {
  const { ownEntry, describeEntry } = deps.access;
  await ownEntry(customerId, orderItemId); // Before the transaction: see `withdraw`.
  await deps.db.transaction(async (tx) => {
    const ctx = await ownEntry(customerId, orderItemId, tx);
    if (ctx.entry.isCancelled) throw withdrawnError();
    if (ctx.entry.isSubmittedForMarking) return;
    const files = await findLiveUploads(tx, [orderItemId]);
    const main = files.filter((f) => f.uploadType === UPLOAD_TYPE.main);
    if (main.length === 0) {
      throw badRequest('MAIN_FILE_REQUIRED', UPLOAD_TEXT.say('mainFileRequired'));
    }
    // Finalising waits for processing (decision 025): what is finalised is what the
    // adjudicators will get, and a recording that cannot be read is no entry.
    if (files.some((f) => f.processingState === 'pending')) {
      throw new AppError(409, 'MEDIA_PROCESSING', PROCESSING_TEXT.say('finaliseWhileProcessing'));
    }
    if (main.every((f) => f.processingState === 'failed')) {
      throw new AppError(409, 'MAIN_FILE_UNREADABLE', PROCESSING_TEXT.say('finaliseUnreadable'));
    }
    await repo.setSubmittedForMarking(tx, orderItemId, new Date(deps.now()));
    await audit(tx as unknown as Database, {
      actorCustomerId: customerId,
      action: 'entry.finalised',
      entityType: 'order_item',
      entityId: orderItemId,
    });
  });
  return describeEntry(customerId, orderItemId);
}

/** Spec 4, Withdrawing: for good; a finalised entry is with the adjudicators already. */
async function withdraw(
  deps: Deps,
  customerId: number,
  orderItemId: number,
): Promise<ParticipantOrderItem> {
  const { ownEntry, describeEntry } = deps.access;
  // Read once before the transaction, so the catalogue's snapshot the entry needs is loaded
  // outside it: on embedded PGlite (one connection) a load inside would wait forever.
  await ownEntry(customerId, orderItemId);
  await deps.db.transaction(async (tx) => {
    const ctx = await ownEntry(customerId, orderItemId, tx);
    if (ctx.entry.isCancelled) return;
    if (ctx.entry.isSubmittedForMarking) throw finalisedError();
    await repo.setWithdrawn(tx, orderItemId, new Date(deps.now()));
    await audit(tx as unknown as Database, {
      actorCustomerId: customerId,
      action: 'entry.withdrawn',
      entityType: 'order_item',
      entityId: orderItemId,
    });
  });
  return describeEntry(customerId, orderItemId);
}

/** DELETE /api/OrderItems/OrderItemUploads/{id}: only while the entry is open (spec 4). */
async function deleteUpload(deps: Deps, customerId: number, uploadId: number): Promise<void> {
  const { ownEntry, contextOf, assertOpen } = deps.access;
  const found = await fileRepo.findOwnUpload(deps.db, customerId, uploadId);
  if (!found || found.upload.isDeleted) {
    throw notFound('UPLOAD_NOT_FOUND', UPLOAD_TEXT.say('noFile', { id: String(uploadId) }));
  }
  await ownEntry(customerId, found.entry.id); // Before the transaction: see `withdraw`.
  await repo.withLockedEntry(deps.db, customerId, found.entry.id, async (tx, row) => {
    assertOpen(await contextOf(row, found.entry.id));
    await fileRepo.softDeleteUpload(tx, uploadId, new Date(deps.now()));
  });
}

/** GET /api/BucketLinks/BucketLink: a short-lived link to one of the owner's files. */
async function bucketLink(
  deps: Deps,
  customerId: number,
  query: { orderItemId: number; fileName: string },
): Promise<{ url: string }> {
  await deps.access.ownEntry(customerId, query.orderItemId);
  const upload = await fileRepo.findLiveUploadByName(deps.db, query.orderItemId, query.fileName);
  if (!upload) throw notFound('FILE_NOT_FOUND', UPLOAD_TEXT.say('noFileForEntry'));
  return { url: deps.mediaLinks.forOwner(upload) };
}

/**
 * The uploads portal's entries (issue 8): a contestant's paid entries with their files and
 * status, finalising, withdrawing, deleting a file and linking to one. Every rule is checked
 * here, whatever the browser showed, and every change to an entry runs under its row lock.
 */
export function createEntriesService(deps: EntriesDependencies) {
  return {
    listParticipantEntries: (customerId: number, query: ParticipantEntriesQuery) =>
      listParticipantEntries(deps, customerId, query),
    finalise: (customerId: number, orderItemId: number) => finalise(deps, customerId, orderItemId),
    withdraw: (customerId: number, orderItemId: number) => withdraw(deps, customerId, orderItemId),
    deleteUpload: (customerId: number, uploadId: number) =>
      deleteUpload(deps, customerId, uploadId),
    bucketLink: (customerId: number, query: { orderItemId: number; fileName: string }) =>
      bucketLink(deps, customerId, query),
  };
}

export type EntriesService = ReturnType<typeof createEntriesService>;
