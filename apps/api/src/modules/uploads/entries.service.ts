import { randomUUID } from 'node:crypto';
import {
  buildEntryFileName,
  entryStatus,
  extensionOf,
  FILE_EXISTS,
  hasPassedUploadDeadline,
  addDays,
  endOfDay,
  isAllowedDocument,
  isAllowedMedia,
  isVideoFileName,
  isVisualArtsSection,
  UPLOAD_MESSAGES,
  UPLOAD_TYPE,
  type CreateOrderItemUpload,
  type EventSummary,
  type Item,
  type OrderItemUpload,
  type ParticipantOrderItem,
  type ParticipantOrderItemsPage,
  type UploadType,
  type VideoCollection,
  type VideoSlot,
} from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { audit } from '../../lib/audit.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { CONTENT_TYPES, contentMatchesExtension, detectContent } from '../../lib/file-content.ts';
import type { FileStorage } from '../../providers/storage/file-storage.ts';
import type { VideoHost } from '../../providers/video/video-host.ts';
import type { CatalogueService } from '../catalogue/catalogue.service.ts';
import type { ContestantsService } from '../contestants/contestants.service.ts';
import * as orderRepo from '../orders/orders.repository.ts';
import type { Tx } from '../orders/orders.repository.ts';
import * as repo from './entries.repository.ts';
import type { MediaLinks } from './media-links.ts';
import { signVideoSlot } from './video-signature.ts';

const entryNotFound = (id: number) =>
  notFound('ORDER_ITEM_NOT_FOUND', `There is no paid entry with id ${id}`);
const withdrawnError = () => new AppError(409, 'ENTRY_WITHDRAWN', UPLOAD_MESSAGES.withdrawnState);
const finalisedError = () =>
  new AppError(409, 'ENTRY_FINALISED', 'This entry is finalised and can no longer be changed.');
const deadlineError = () =>
  badRequest('DEADLINE_PASSED', 'The upload deadline for this entry has passed.');
const unsupportedFormat = () =>
  new AppError(
    415,
    'UNSUPPORTED_FORMAT',
    'This file type is not accepted here. Please see the FAQ for the formats we accept.',
  );

/** An entry with everything its rules need. */
export interface EntryContext {
  entry: orderRepo.OrderItemRow;
  order: orderRepo.OrderRow;
  item: Item;
  event: EventSummary;
  /** The end of the day after the due date (spec 4), in the event's time zone. */
  uploadDeadline: Date;
  deadlinePassed: boolean;
}

/** A finished video or audio file to record against its entry. */
export interface FinishedVideo {
  slot: repo.SlotRow;
  sizeBytes: number;
  originalFileName: string;
}

/**
 * The uploads portal (issue 8): a contestant's paid entries with their files and status,
 * entry files, video slots, finalising and withdrawing. Every rule is checked here, whatever the
 * browser showed, and every change to an entry runs under its row lock.
 */
export function createEntriesService(deps: {
  db: Database;
  catalogue: CatalogueService;
  contestants: ContestantsService;
  storage: FileStorage;
  mediaLinks: MediaLinks;
  videoHost: VideoHost;
  documentMaxBytes: number;
  videoMaxBytes: number;
  /** How long after the deadline a video begun in time may still arrive. */
  uploadGraceMs: number;
  /** Video slots an entry may have: enough for retakes, not for filling the disk. */
  maxSlotsPerEntry?: number;
  now: () => number;
  /** Which entries have published results (issue 9); none until results exist. */
  publishedResults?: (orderItemIds: number[]) => Promise<Set<number>>;
}) {
  const { db, catalogue, storage, mediaLinks, videoHost, now } = deps;

  async function contextOf(row: repo.EntryRow | undefined, id: number): Promise<EntryContext> {
    if (!row || row.order.status !== 'paid') throw entryNotFound(id);
    const item = await catalogue.findItem(row.order.eventId, row.entry.itemId);
    if (!item) throw entryNotFound(id);
    const event = await catalogue.getEvent(row.order.eventId);
    const uploadDeadline = endOfDay(addDays(item.dueDate, 1), event.timeZone);
    return {
      ...row,
      item,
      event,
      uploadDeadline,
      deadlinePassed: hasPassedUploadDeadline(item.dueDate, new Date(now()), event.timeZone),
    };
  }

  /** The customer's paid entry, or 404 (another customer's entry looks the same as none). */
  async function ownEntry(customerId: number, orderItemId: number, tx?: Tx) {
    return contextOf(
      await repo.findOwnEntry(tx ?? db, customerId, orderItemId, Boolean(tx)),
      orderItemId,
    );
  }

  /** Spec 4: files change only while the entry is open: not withdrawn, not finalised, in time. */
  function assertOpen(ctx: EntryContext, at = now()) {
    if (ctx.entry.isCancelled) throw withdrawnError();
    if (ctx.entry.isSubmittedForMarking) throw finalisedError();
    if (at > ctx.uploadDeadline.getTime()) throw deadlineError();
  }

  /**
   * A video begun in time may finish a little late: a phone on a slow line that started a large
   * upload an hour before the deadline should not lose it (docs/decisions/009-uploads.md). The
   * grace is short and fixed, so a slot cannot be kept open for a recording made later.
   */
  function assertMayFinish(ctx: EntryContext, slot: repo.SlotRow) {
    if (ctx.entry.isCancelled) throw withdrawnError();
    if (ctx.entry.isSubmittedForMarking) throw finalisedError();
    const deadline = ctx.uploadDeadline.getTime();
    if (slot.createdAt.getTime() > deadline || now() > deadline + deps.uploadGraceMs) {
      throw deadlineError();
    }
  }

  const isOpen = (ctx: EntryContext) =>
    !ctx.entry.isCancelled && !ctx.entry.isSubmittedForMarking && !ctx.deadlinePassed;

  function describeUpload(row: repo.UploadRow): OrderItemUpload {
    return {
      id: row.id,
      orderItemId: row.orderItemId,
      fileName: row.fileName,
      originalFileName: row.originalFileName,
      uploadType: row.uploadType as UploadType,
      sizeInBytes: row.sizeInBytes,
      isPrimaryFile: row.isPrimaryFile,
      videoId: row.videoId,
      isVideo: row.isVideo,
      isDeleted: row.isDeleted,
      createdAt: row.createdAt.toISOString(),
    };
  }

  async function describeEntries(rows: repo.EntryRow[]): Promise<ParticipantOrderItem[]> {
    const ids = rows.map((r) => r.entry.id);
    const [uploads, members, profiles, published] = await Promise.all([
      repo.findLiveUploads(db, ids),
      orderRepo.findMembers(db, ids),
      orderRepo.findProfileSummaries(db, [
        ...new Set(rows.map((r) => r.entry.participantProfileId)),
      ]),
      deps.publishedResults?.(ids) ?? Promise.resolve(new Set<number>()),
    ]);
    const described: ParticipantOrderItem[] = [];
    for (const row of rows) {
      const ctx = await contextOf(row, row.entry.id);
      const profile = profiles.find((p) => p.id === row.entry.participantProfileId);
      const files = uploads.filter((u) => u.orderItemId === row.entry.id);
      const hasMain = files.some((u) => u.uploadType === UPLOAD_TYPE.main);
      const { item } = ctx;
      described.push({
        id: row.entry.id,
        orderId: row.order.id,
        itemId: item.id,
        participantProfileId: row.entry.participantProfileId,
        participantFirstName: profile?.firstName ?? '',
        participantSurname: profile?.surname ?? '',
        grade: profile?.grade ?? '',
        school: profile?.school ?? '',
        groupName: row.entry.groupName,
        groupParticipants: members
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
        resultsPublished: published.has(row.entry.id),
        orderItemUploads: files.map(describeUpload),
        item: {
          code: item.code,
          shortDescription: item.shortDescription,
          description: item.description,
          dueDate: item.dueDate,
          categoryId: item.category.id,
          isGroupItem: item.isGroupItem,
          category: item.category,
        },
      });
    }
    return described;
  }

  async function describeEntry(customerId: number, orderItemId: number) {
    const row = await repo.findOwnEntry(db, customerId, orderItemId);
    const [described] = await describeEntries(row ? [row] : []);
    if (!described) throw entryNotFound(orderItemId);
    return described;
  }

  /** The stored name of an entry file (spec 5), from the contestant as entered. */
  async function entryFileName(ctx: EntryContext, originalFileName: string, at: number) {
    const [profile] = await orderRepo.findProfileSummaries(db, [ctx.entry.participantProfileId]);
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

  function uploadAuth(slot: repo.SlotRow) {
    const signed = signVideoSlot(videoHost.libraryId, videoHost.signingKey, slot.id, now());
    return { endpoint: videoHost.tusEndpoint, ...signed };
  }

  async function describeSlot(slot: repo.SlotRow, open: boolean): Promise<VideoSlot> {
    return {
      guid: slot.id,
      collectionId: slot.collectionId,
      title: slot.title,
      storageSize: slot.storageSize,
      upload: open && !slot.completedAt ? uploadAuth(slot) : null,
    };
  }

  return {
    ownEntry,
    isOpen,
    assertMayFinish,
    describeEntry,

    /** GET /api/OrderItems/ParticipantOrderItems: one page of a contestant's paid entries. */
    async listParticipantEntries(
      customerId: number,
      query: {
        participantId: number;
        skip: number;
        take: number;
        year?: number | undefined;
        search: string;
      },
    ): Promise<ParticipantOrderItemsPage> {
      await deps.contestants.requireOwnContestant(customerId, query.participantId);
      let year = query.year;
      if (year === undefined) {
        const eventId = await catalogue.currentEventId();
        year = eventId === undefined ? undefined : (await catalogue.getEvent(eventId)).year;
      }
      if (year === undefined) return { items: [], total: 0, allEntries: 0, completeEntries: 0 };
      const page = await repo.pageEntries(db, {
        customerId,
        profileId: query.participantId,
        year,
        search: query.search,
        skip: query.skip,
        take: query.take,
      });
      return {
        items: await describeEntries(page.rows),
        total: page.total,
        allEntries: page.allEntries,
        completeEntries: page.completeEntries,
      };
    },

    /** Spec 4, Finalising: needs a main file; finalising twice is harmless. */
    async finalise(customerId: number, orderItemId: number): Promise<ParticipantOrderItem> {
      await db.transaction(async (tx) => {
        const ctx = await ownEntry(customerId, orderItemId, tx);
        if (ctx.entry.isCancelled) throw withdrawnError();
        if (ctx.entry.isSubmittedForMarking) return;
        const files = await repo.findLiveUploads(tx, [orderItemId]);
        if (!files.some((f) => f.uploadType === UPLOAD_TYPE.main)) {
          throw badRequest('MAIN_FILE_REQUIRED', UPLOAD_MESSAGES.mainFileRequired);
        }
        await repo.setSubmittedForMarking(tx, orderItemId, new Date(now()));
        await audit(tx as unknown as Database, {
          actorCustomerId: customerId,
          action: 'entry.finalised',
          entityType: 'order_item',
          entityId: orderItemId,
        });
      });
      return describeEntry(customerId, orderItemId);
    },

    /** Spec 4, Withdrawing: for good; a finalised entry is with the adjudicators already. */
    async withdraw(customerId: number, orderItemId: number): Promise<ParticipantOrderItem> {
      await db.transaction(async (tx) => {
        const ctx = await ownEntry(customerId, orderItemId, tx);
        if (ctx.entry.isCancelled) return;
        if (ctx.entry.isSubmittedForMarking) throw finalisedError();
        await repo.setWithdrawn(tx, orderItemId, new Date(now()));
        await audit(tx as unknown as Database, {
          actorCustomerId: customerId,
          action: 'entry.withdrawn',
          entityType: 'order_item',
          entityId: orderItemId,
        });
      });
      return describeEntry(customerId, orderItemId);
    },

    /**
     * POST /api/Uploads/UploadS3Files: an image or document of an entry, checked by extension
     * and content, stored under a server-made key and recorded in one step.
     */
    async storeEntryFile(
      customerId: number,
      input: { orderItemId: number; uploadType: UploadType; fileName: string; data: Buffer },
    ): Promise<{ name: string; fileUrl: string; orderItemUploadId?: number }> {
      const ctx = await ownEntry(customerId, input.orderItemId);
      assertOpen(ctx);
      const original = input.fileName
        .replace(/^.*[\\/]/, '')
        .trim()
        .slice(0, 255);
      if (input.uploadType === UPLOAD_TYPE.main) {
        if (!isVisualArtsSection(ctx.item.category.section)) {
          throw badRequest(
            'VIDEO_UPLOAD_REQUIRED',
            'The main file of this entry is a video or audio recording. Please use the video uploader.',
          );
        }
        if (!isAllowedDocument(original)) throw unsupportedFormat();
      } else if (!isAllowedDocument(original)) {
        throw unsupportedFormat();
      }
      if (input.data.length === 0) throw badRequest('EMPTY_FILE', 'The selected file is empty.');
      if (input.data.length > deps.documentMaxBytes) {
        throw new AppError(413, 'FILE_TOO_LARGE', UPLOAD_MESSAGES.tooLarge);
      }
      const kind = detectContent(input.data);
      const extension = extensionOf(original);
      if (!contentMatchesExtension(extension, kind)) {
        throw new AppError(
          415,
          'CONTENT_MISMATCH',
          `This file's content is not a .${extension} file. Please check the file and try again.`,
        );
      }
      const at = now();
      const fileName = await entryFileName(ctx, original, at);
      const key = `entries/${input.orderItemId}/${randomUUID()}.${extension}`;
      await storage.put(key, input.data, kind ? CONTENT_TYPES[kind] : 'application/octet-stream');
      try {
        const row = await repo.withLockedEntry(
          db,
          customerId,
          input.orderItemId,
          async (tx, row) => {
            assertOpen(await contextOf(row, input.orderItemId));
            const live = await repo.findLiveUploads(tx, [input.orderItemId]);
            return repo.insertUpload(tx, {
              orderItemId: input.orderItemId,
              fileName,
              originalFileName: original,
              storageKey: key,
              uploadType: input.uploadType,
              sizeInBytes: input.data.length,
              isPrimaryFile:
                input.uploadType === UPLOAD_TYPE.main &&
                !live.some((u) => u.uploadType === UPLOAD_TYPE.main),
              isVideo: false,
            });
          },
        );
        return {
          name: fileName,
          fileUrl: mediaLinks.forOwner(row),
          orderItemUploadId: row.id,
        };
      } catch (err) {
        await storage.delete(key);
        // Spec 3: the name 'File exists' tells the portal this file was sent already.
        if (isUniqueViolation(err)) return { name: FILE_EXISTS, fileUrl: '' };
        throw err;
      }
    },

    /**
     * Records a finished video against its entry, once: from the tus finish hook (our host) or
     * from the portal's POST OrderItemUploads (both hosts). An upload begun before the deadline
     * may finish after it; the slot's creation time is what counts.
     */
    async attachVideo(customerId: number, video: FinishedVideo): Promise<repo.UploadRow> {
      const existing = await repo.findLiveUploadByVideo(db, video.slot.id);
      if (existing) return existing;
      const original = video.originalFileName
        .replace(/^.*[\\/]/, '')
        .trim()
        .slice(0, 255);
      // Named before the transaction: on embedded PGlite a query outside it would wait forever.
      const fileName = await entryFileName(
        await ownEntry(customerId, video.slot.orderItemId),
        original,
        now(),
      );
      try {
        return await repo.withLockedEntry(
          db,
          customerId,
          video.slot.orderItemId,
          async (tx, row) => {
            const ctx = await contextOf(row, video.slot.orderItemId);
            assertMayFinish(ctx, video.slot);
            const again = await repo.findLiveUploadByVideo(tx, video.slot.id);
            if (again) return again;
            const live = await repo.findLiveUploads(tx, [ctx.entry.id]);
            return repo.insertUpload(tx, {
              orderItemId: ctx.entry.id,
              fileName,
              originalFileName: original,
              storageKey: video.slot.storageKey ?? `${videoHost.kind}:${video.slot.id}`,
              uploadType: UPLOAD_TYPE.main,
              sizeInBytes: video.sizeBytes,
              isPrimaryFile: !live.some((u) => u.uploadType === UPLOAD_TYPE.main),
              videoId: video.slot.id,
              isVideo: isVideoFileName(original) || isAllowedMedia(original),
            });
          },
        );
      } catch (err) {
        if (isUniqueViolation(err)) {
          throw new AppError(409, 'FILE_EXISTS', UPLOAD_MESSAGES.duplicateFile);
        }
        throw err;
      }
    },

    /** POST /api/OrderItems/{id}/OrderItemUploads: the portal reports a finished video. */
    async recordVideoUpload(
      customerId: number,
      orderItemId: number,
      body: CreateOrderItemUpload,
    ): Promise<{ id: number }> {
      const slot = await repo.findSlot(db, body.videoId);
      if (!slot || slot.customerId !== customerId || slot.orderItemId !== orderItemId) {
        throw notFound('VIDEO_NOT_FOUND', 'There is no such video for this entry.');
      }
      if (!isAllowedMedia(slot.originalFileName ?? body.originalFileName))
        throw unsupportedFormat();
      let size = slot.completedAt ? slot.storageSize : 0;
      if (!slot.completedAt && videoHost.kind !== 'builtin') {
        size = await videoHost.storedSize(slot.id);
        if (size > deps.videoMaxBytes) {
          throw new AppError(413, 'FILE_TOO_LARGE', UPLOAD_MESSAGES.tooLarge);
        }
        if (size > 0) {
          await repo.updateSlot(db, slot.id, {
            storageSize: size,
            completedAt: new Date(now()),
            originalFileName: body.originalFileName,
            title: body.originalFileName,
          });
        }
      }
      if (size === 0) {
        throw new AppError(409, 'UPLOAD_INCOMPLETE', 'This video has not finished uploading yet.');
      }
      const row = await this.attachVideo(customerId, {
        slot,
        sizeBytes: size,
        originalFileName: slot.originalFileName ?? body.originalFileName,
      });
      return { id: row.id };
    },

    /** DELETE /api/OrderItems/OrderItemUploads/{id}: only while the entry is open (spec 4). */
    async deleteUpload(customerId: number, uploadId: number): Promise<void> {
      const found = await repo.findOwnUpload(db, customerId, uploadId);
      if (!found || found.upload.isDeleted) {
        throw notFound('UPLOAD_NOT_FOUND', `There is no file with id ${uploadId}`);
      }
      await repo.withLockedEntry(db, customerId, found.entry.id, async (tx, row) => {
        assertOpen(await contextOf(row, found.entry.id));
        await repo.softDeleteUpload(tx, uploadId, new Date(now()));
      });
    },

    /** GET /api/BucketLinks/BucketLink: a short-lived link to one of the owner's files. */
    async bucketLink(
      customerId: number,
      query: { orderItemId: number; fileName: string },
    ): Promise<{ url: string }> {
      await ownEntry(customerId, query.orderItemId);
      const upload = await repo.findLiveUploadByName(db, query.orderItemId, query.fileName);
      if (!upload) throw notFound('FILE_NOT_FOUND', 'There is no such file for this entry.');
      return { url: mediaLinks.forOwner(upload) };
    },

    // Video collections and slots (spec 7, Uploads)

    async listCollections(customerId: number, search?: string): Promise<VideoCollection[]> {
      const rows = await repo.findCollections(db, customerId, search);
      const counts = await repo.countSlots(
        db,
        rows.map((r) => r.id),
      );
      return rows.map((r) => ({ guid: r.id, name: r.name, videoCount: counts.get(r.id) ?? 0 }));
    },

    /** POST /api/Uploads/Collection: the entry's collection, named after its id, made once. */
    async createCollection(customerId: number, name: string): Promise<VideoCollection> {
      const orderItemId = Number(name);
      if (!Number.isSafeInteger(orderItemId) || orderItemId <= 0) {
        throw badRequest('VALIDATION_ERROR', 'A collection is named after its entry id.');
      }
      const ctx = await ownEntry(customerId, orderItemId);
      assertOpen(ctx);
      let row = await repo.findCollectionOfEntry(db, orderItemId);
      if (!row) {
        const guid = await videoHost.createCollection(name);
        try {
          row = await db.transaction(async (tx) => {
            const made = await repo.insertCollection(tx, {
              id: guid,
              customerId,
              orderItemId,
              name: String(orderItemId),
            });
            await repo.setCollectionOfEntry(tx, orderItemId, made.id);
            return made;
          });
        } catch (err) {
          // Two tabs made one at once: the first one stands.
          if (!isUniqueViolation(err)) throw err;
          row = await repo.findCollectionOfEntry(db, orderItemId);
          if (!row) throw err;
        }
      }
      const counts = await repo.countSlots(db, [row.id]);
      return { guid: row.id, name: row.name, videoCount: counts.get(row.id) ?? 0 };
    },

    async listSlots(customerId: number, collectionId: string): Promise<VideoSlot[]> {
      const collection = await repo.findCollection(db, customerId, collectionId);
      if (!collection) throw notFound('COLLECTION_NOT_FOUND', 'There is no such collection.');
      const ctx = await ownEntry(customerId, collection.orderItemId);
      const slots = await repo.findSlots(db, collectionId);
      return Promise.all(slots.map((s) => describeSlot(s, isOpen(ctx))));
    },

    /** POST /api/Uploads/Collection/{id}/Video: a new empty slot with its upload permission. */
    async createSlot(customerId: number, collectionId: string, title: string): Promise<VideoSlot> {
      const collection = await repo.findCollection(db, customerId, collectionId);
      if (!collection) throw notFound('COLLECTION_NOT_FOUND', 'There is no such collection.');
      const ctx = await ownEntry(customerId, collection.orderItemId);
      assertOpen(ctx);
      const existing = await repo.findSlots(db, collectionId);
      if (existing.length >= (deps.maxSlotsPerEntry ?? 20)) {
        throw new AppError(
          409,
          'TOO_MANY_VIDEOS',
          'This entry has had many videos uploaded already. Please delete one you no longer need, or contact support.',
        );
      }
      const guid = await videoHost.createVideo(collectionId, title);
      const slot = await repo.insertSlot(db, {
        id: guid,
        collectionId,
        customerId,
        orderItemId: collection.orderItemId,
        title,
        // The service's clock, not the database's: the deadline rules compare against it.
        createdAt: new Date(now()),
      });
      return describeSlot(slot, true);
    },
  };
}

export type EntriesService = ReturnType<typeof createEntriesService>;
