import {
  buildEntryFileName,
  entryStatus,
  hasPassedUploadDeadline,
  uploadDeadline as uploadDeadlineOf,
  isVisualArtsSection,
  mediaWarnings,
  UPLOAD_TEXT,
  UPLOAD_TYPE,
  type EventSummary,
  type Item,
  type MainFileKind,
  type OrderItemUpload,
  type ParticipantOrderItem,
} from '@eisteddfod/shared';
import type { Database, Tx } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { CatalogueService } from '../catalogue/index.ts';
import {
  type OrderItemRow,
  type OrderRow,
  findGroupMembers,
  findProfileSummaries,
} from '../orders/index.ts';
import * as repo from './entries.repository.ts';
import * as fileRepo from './entry-files.repository.ts';
import type { MediaLinks } from '../entries/index.ts';
import type { SlotRow } from './video-slots.repository.ts';

// The rules every operation on an entry shares: whose it is, whether it is open, what the
// portal shows of it. entries.service.ts, entry-files.service.ts and video-slots.service.ts
// build on them.

const entryNotFound = (id: number) =>
  notFound('ORDER_ITEM_NOT_FOUND', UPLOAD_TEXT.say('noPaidEntry', { id: String(id) }));
export const withdrawnError = () =>
  new AppError(409, 'ENTRY_WITHDRAWN', UPLOAD_TEXT.say('withdrawnState'));
export const finalisedError = () =>
  new AppError(409, 'ENTRY_FINALISED', UPLOAD_TEXT.say('entryFinalised'));
const deadlineError = () => badRequest('DEADLINE_PASSED', UPLOAD_TEXT.say('deadlinePassed'));
export const unsupportedFormat = () =>
  new AppError(
    415,
    'UNSUPPORTED_FORMAT',
    'This file type is not accepted here. Please see the FAQ for the formats we accept.',
  );

/** An entry with everything its rules need. */
export interface EntryContext {
  entry: OrderItemRow;
  order: OrderRow;
  item: Item;
  /** What the entry's main file may be (the item's kinds, set by organisers). */
  mainFileKinds: MainFileKind[];
  /** The longest performance in seconds, or null: longer recordings are warned about. */
  timeLimitSeconds: number | null;
  event: EventSummary;
  /** The end of the day after the due date (spec 4), in the event's time zone. */
  uploadDeadline: Date;
  deadlinePassed: boolean;
}

/** A finished video or audio file to record against its entry. */
export interface FinishedVideo {
  slot: SlotRow;
  sizeBytes: number;
  originalFileName: string;
}

export interface EntryAccessDependencies {
  db: Database;
  catalogue: CatalogueService;
  mediaLinks: MediaLinks;
  /** How long after the deadline a video begun in time may still arrive. */
  uploadGraceMs: number;
  now: () => number;
  /** Which entries have published results (issue 9); none until results exist. */
  publishedResults?: (orderItemIds: number[]) => Promise<Set<number>>;
}

type Deps = EntryAccessDependencies;

async function contextOf(
  deps: Deps,
  row: repo.EntryRow | undefined,
  id: number,
): Promise<EntryContext> {
  const { catalogue } = deps;
  if (!row || row.order.status !== 'paid') throw entryNotFound(id);
  const item = await catalogue.findItem(row.order.eventId, row.entry.itemId);
  if (!item) throw entryNotFound(id);
  const event = await catalogue.getEvent(row.order.eventId);
  const uploadDeadline = uploadDeadlineOf(item.dueDate, event.timeZone);
  return {
    ...row,
    item,
    mainFileKinds: await catalogue.mainFileKindsOf(row.order.eventId, item.id),
    timeLimitSeconds: await catalogue.timeLimitOf(row.order.eventId, item.id),
    event,
    uploadDeadline,
    deadlinePassed: hasPassedUploadDeadline(item.dueDate, new Date(deps.now()), event.timeZone),
  };
}

/** The customer's paid entry, or 404 (another customer's entry looks the same as none). */
async function ownEntry(deps: Deps, customerId: number, orderItemId: number, tx?: Tx) {
  return contextOf(
    deps,
    await repo.findOwnEntry(tx ?? deps.db, customerId, orderItemId, Boolean(tx)),
    orderItemId,
  );
}

/** Whether the entry's upload deadline had passed at `at` (the one rule, packages/shared). */
const passed = (ctx: EntryContext, at: number) =>
  hasPassedUploadDeadline(ctx.item.dueDate, new Date(at), ctx.event.timeZone);

/** Spec 4: files change only while the entry is open: not withdrawn, not finalised, in time. */
function assertOpen(deps: Deps, ctx: EntryContext, at = deps.now()) {
  if (ctx.entry.isCancelled) throw withdrawnError();
  if (ctx.entry.isSubmittedForMarking) throw finalisedError();
  if (passed(ctx, at)) throw deadlineError();
}

/**
 * A video begun in time may finish a little late: a phone on a slow line that started a large
 * upload an hour before the deadline should not lose it (docs/decisions/009-uploads.md). The
 * grace is short and fixed, so a slot cannot be kept open for a recording made later.
 */
function assertMayFinish(deps: Deps, ctx: EntryContext, slot: SlotRow) {
  if (ctx.entry.isCancelled) throw withdrawnError();
  if (ctx.entry.isSubmittedForMarking) throw finalisedError();
  if (passed(ctx, slot.createdAt.getTime()) || passed(ctx, deps.now() - deps.uploadGraceMs)) {
    throw deadlineError();
  }
}

const isOpen = (ctx: EntryContext) =>
  !ctx.entry.isCancelled && !ctx.entry.isSubmittedForMarking && !ctx.deadlinePassed;

/** A file as its family sees it, with what processing found (decision 025). */
function describeUpload(
  deps: Deps,
  row: fileRepo.UploadRow,
  timeLimitSeconds: number | null,
): OrderItemUpload {
  const state = row.processingState;
  const shown = state === 'ready' || state === 'unchecked';
  const links = shown ? deps.mediaLinks.forAdjudicator(row) : null;
  return {
    id: row.id,
    orderItemId: row.orderItemId,
    fileName: row.fileName,
    originalFileName: row.originalFileName,
    uploadType: row.uploadType,
    sizeInBytes: row.sizeInBytes,
    isPrimaryFile: row.isPrimaryFile,
    videoId: row.videoId,
    isVideo: row.isVideo,
    isDeleted: row.isDeleted,
    createdAt: row.createdAt.toISOString(),
    processing: {
      state,
      durationSeconds: row.durationSeconds,
      width: row.width,
      height: row.height,
      hasAudio: row.hasAudio,
      posterUrl: shown ? deps.mediaLinks.poster(row) : null,
      // The family's own view only: describeUpload is never an adjudicator's (decision 047).
      thumbnailUrl: shown ? deps.mediaLinks.thumbnail(row) : null,
      previewUrl: links ? (links.playerUrl ?? links.url) : null,
      warnings: mediaWarnings({
        state,
        isRecording: row.videoId !== null,
        hasVideo: row.width !== null,
        durationSeconds: row.durationSeconds,
        hasAudio: row.hasAudio,
        timeLimitSeconds,
      }),
    },
  };
}

/** What the portal shows of one entry, from its context and what was read for the page. */
function describeOne(
  deps: Deps,
  row: repo.EntryRow,
  ctx: EntryContext,
  found: {
    uploads: fileRepo.UploadRow[];
    members: Awaited<ReturnType<typeof findGroupMembers>>;
    profiles: Awaited<ReturnType<typeof findProfileSummaries>>;
    published: Set<number>;
  },
): ParticipantOrderItem {
  const profile = found.profiles.find((p) => p.id === row.entry.participantProfileId);
  const files = found.uploads.filter((u) => u.orderItemId === row.entry.id);
  const hasMain = files.some((u) => u.uploadType === UPLOAD_TYPE.main);
  const { item } = ctx;
  return {
    id: row.entry.id,
    orderId: row.order.id,
    itemId: item.id,
    participantProfileId: row.entry.participantProfileId,
    participantFirstName: profile?.firstName ?? '',
    participantSurname: profile?.surname ?? '',
    grade: profile?.grade ?? '',
    school: profile?.school ?? '',
    groupName: row.entry.groupName,
    groupParticipants: found.members
      .filter((m) => m.orderItemId === row.entry.id)
      .map((m) => ({
        firstName: m.firstName,
        surname: m.surname,
        school: m.school,
        gender: m.gender,
        grade: m.grade,
      })),
    instruments: row.entry.instruments,
    itemCode: item.code,
    itemShortDescription: item.shortDescription,
    itemDueDate: item.dueDate,
    itemCategoryId: item.category.id,
    isGroupItem: item.isGroupItem,
    externalCollectionId: row.entry.externalCollectionId,
    isCancelled: row.entry.isCancelled,
    isSubmittedForMarking: row.entry.isSubmittedForMarking,
    uploadDeadline: ctx.uploadDeadline.toISOString(),
    deadlinePassed: ctx.deadlinePassed,
    status: entryStatus(hasMain, ctx.deadlinePassed),
    acceptsImages: isVisualArtsSection(item.category.section),
    resultsPublished: found.published.has(row.entry.id),
    orderItemUploads: files.map((f) => describeUpload(deps, f, ctx.timeLimitSeconds)),
    item: {
      code: item.code,
      shortDescription: item.shortDescription,
      description: item.description,
      dueDate: item.dueDate,
      categoryId: item.category.id,
      isGroupItem: item.isGroupItem,
      category: item.category,
      timeLimitSeconds: ctx.timeLimitSeconds,
    },
  };
}

async function describeEntries(deps: Deps, rows: repo.EntryRow[]): Promise<ParticipantOrderItem[]> {
  const { db } = deps;
  const ids = rows.map((r) => r.entry.id);
  const [uploads, members, profiles, published] = await Promise.all([
    fileRepo.findLiveUploads(db, ids),
    findGroupMembers(db, ids),
    findProfileSummaries(db, [...new Set(rows.map((r) => r.entry.participantProfileId))]),
    deps.publishedResults?.(ids) ?? Promise.resolve(new Set<number>()),
  ]);
  const described: ParticipantOrderItem[] = [];
  for (const row of rows) {
    const ctx = await contextOf(deps, row, row.entry.id);
    described.push(describeOne(deps, row, ctx, { uploads, members, profiles, published }));
  }
  return described;
}

async function describeEntry(deps: Deps, customerId: number, orderItemId: number) {
  const row = await repo.findOwnEntry(deps.db, customerId, orderItemId);
  const [described] = await describeEntries(deps, row ? [row] : []);
  if (!described) throw entryNotFound(orderItemId);
  return described;
}

/** The stored name of an entry file (spec 5), from the contestant as entered. */
async function entryFileName(deps: Deps, ctx: EntryContext, originalFileName: string, at: number) {
  const [profile] = await findProfileSummaries(deps.db, [ctx.entry.participantProfileId]);
  return buildEntryFileName({
    code: ctx.item.code,
    firstName: profile?.firstName ?? '',
    surname: profile?.surname ?? '',
    grade: profile?.grade ?? '',
    school: profile?.school ?? '',
    originalFileName,
    at: new Date(at),
    timeZone: ctx.event.timeZone,
  });
}

/** An entry's owner, state and deadline, checked the same way by every uploads operation. */
export function createEntryAccess(deps: EntryAccessDependencies) {
  return {
    contextOf: (row: repo.EntryRow | undefined, id: number) => contextOf(deps, row, id),
    ownEntry: (customerId: number, orderItemId: number, tx?: Tx) =>
      ownEntry(deps, customerId, orderItemId, tx),
    assertOpen: (ctx: EntryContext, at?: number) => assertOpen(deps, ctx, at),
    assertMayFinish: (ctx: EntryContext, slot: SlotRow) => assertMayFinish(deps, ctx, slot),
    isOpen,
    describeUpload: (row: fileRepo.UploadRow, timeLimitSeconds: number | null) =>
      describeUpload(deps, row, timeLimitSeconds),
    describeEntries: (rows: repo.EntryRow[]) => describeEntries(deps, rows),
    describeEntry: (customerId: number, orderItemId: number) =>
      describeEntry(deps, customerId, orderItemId),
    entryFileName: (ctx: EntryContext, originalFileName: string, at: number) =>
      entryFileName(deps, ctx, originalFileName, at),
  };
}

export type EntryAccess = ReturnType<typeof createEntryAccess>;
