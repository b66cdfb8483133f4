import {
  BLIND_VIDEO_TITLE,
  FILE_TEXT,
  UPLOAD_TEXT,
  isAllowedMedia,
  isVideoFileName,
  UPLOAD_TYPE,
  type CreateOrderItemUpload,
  type VideoCollection,
  type VideoSlot,
} from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { VideoHost } from '../../providers/video/video-host.ts';
import * as entryRepo from './entries.repository.ts';
import * as fileRepo from './entry-files.repository.ts';
import * as repo from './video-slots.repository.ts';
import { unsupportedFormat, type EntryAccess, type FinishedVideo } from './entry-access.ts';
import { signVideoSlot } from './video-signature.ts';

export interface VideoSlotsDependencies {
  db: Database;
  access: EntryAccess;
  videoHost: VideoHost;
  /** Queues a recorded video's processing (probe, rendition, poster); sent twice is harmless. */
  processFile: (uploadId: number) => Promise<void>;
  videoMaxBytes: number;
  /** Video slots an entry may have: enough for retakes, not for filling the disk. */
  maxSlotsPerEntry?: number;
  now: () => number;
}

type Deps = VideoSlotsDependencies;

function uploadAuth(deps: Deps, slot: repo.SlotRow) {
  const { videoHost } = deps;
  const signed = signVideoSlot(videoHost.libraryId, videoHost.signingKey, slot.id, deps.now());
  return { endpoint: videoHost.tusEndpoint, ...signed };
}

async function describeSlot(deps: Deps, slot: repo.SlotRow, open: boolean): Promise<VideoSlot> {
  return {
    guid: slot.id,
    collectionId: slot.collectionId,
    title: slot.title,
    storageSize: slot.storageSize,
    upload: open && !slot.completedAt ? uploadAuth(deps, slot) : null,
  };
}

/**
 * Records a finished video against its entry, once: from the tus finish hook (our host) or
 * from the portal's POST OrderItemUploads (both hosts). An upload begun before the deadline
 * may finish after it; the slot's creation time is what counts.
 */
async function attachVideo(
  deps: Deps,
  customerId: number,
  video: FinishedVideo,
): Promise<fileRepo.UploadRow> {
  const { db, access } = deps;
  const existing = await fileRepo.findLiveUploadByVideo(db, video.slot.id);
  if (existing) return existing;
  const original = video.originalFileName
    .replace(/^.*[\\/]/, '')
    .trim()
    .slice(0, 255);
  // Named before the transaction: on embedded PGlite a query outside it would wait forever.
  const fileName = await access.entryFileName(
    await access.ownEntry(customerId, video.slot.orderItemId),
    original,
    deps.now(),
  );
  try {
    const recorded = await entryRepo.withLockedEntry(
      db,
      customerId,
      video.slot.orderItemId,
      async (tx, row) => {
        const ctx = await access.contextOf(row, video.slot.orderItemId);
        access.assertMayFinish(ctx, video.slot);
        const again = await fileRepo.findLiveUploadByVideo(tx, video.slot.id);
        if (again) return again;
        const live = await fileRepo.findLiveUploads(tx, [ctx.entry.id]);
        return fileRepo.insertUpload(tx, {
          orderItemId: ctx.entry.id,
          fileName,
          originalFileName: original,
          storageKey: video.slot.storageKey ?? `${deps.videoHost.kind}:${video.slot.id}`,
          uploadType: UPLOAD_TYPE.main,
          sizeInBytes: video.sizeBytes,
          isPrimaryFile: !live.some((u) => u.uploadType === UPLOAD_TYPE.main),
          videoId: video.slot.id,
          isVideo: isVideoFileName(original) || isAllowedMedia(original),
        });
      },
    );
    // After the commit: a job is never sent inside a transaction (plugins/jobs.ts).
    await deps.processFile(recorded.id);
    return recorded;
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new AppError(409, 'FILE_EXISTS', FILE_TEXT.say('duplicateFile'));
    }
    throw err;
  }
}

/** POST /api/OrderItems/{id}/OrderItemUploads: the portal reports a finished video. */
async function recordVideoUpload(
  deps: Deps,
  customerId: number,
  orderItemId: number,
  body: CreateOrderItemUpload,
): Promise<{ id: number }> {
  const { db, videoHost } = deps;
  const slot = await repo.findSlot(db, body.videoId);
  if (!slot || slot.customerId !== customerId || slot.orderItemId !== orderItemId) {
    throw notFound('VIDEO_NOT_FOUND', UPLOAD_TEXT.say('noVideoForEntry'));
  }
  if (!isAllowedMedia(slot.originalFileName ?? body.originalFileName)) throw unsupportedFormat();
  let size = slot.completedAt ? slot.storageSize : 0;
  if (!slot.completedAt && videoHost.kind !== 'builtin') {
    size = await videoHost.storedSize(slot.id);
    if (size > deps.videoMaxBytes) {
      throw new AppError(413, 'FILE_TOO_LARGE', FILE_TEXT.say('tooLarge'));
    }
    if (size > 0) {
      // Bunny takes the title the browser's tus upload gave (a file name is often the
      // child's name): set the blind one again before the video reaches an adjudicator.
      await videoHost.setTitle(slot.id, BLIND_VIDEO_TITLE);
      await repo.updateSlot(db, slot.id, {
        storageSize: size,
        completedAt: new Date(deps.now()),
        originalFileName: body.originalFileName,
        title: body.originalFileName,
      });
    }
  }
  if (size === 0) {
    throw new AppError(409, 'UPLOAD_INCOMPLETE', UPLOAD_TEXT.say('videoIncomplete'));
  }
  const row = await attachVideo(deps, customerId, {
    slot,
    sizeBytes: size,
    originalFileName: slot.originalFileName ?? body.originalFileName,
  });
  return { id: row.id };
}

// Video collections and slots (spec 7, Uploads)

async function listCollections(
  deps: Deps,
  customerId: number,
  search?: string,
): Promise<VideoCollection[]> {
  const rows = await repo.findCollections(deps.db, customerId, search);
  const counts = await repo.countSlots(
    deps.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ guid: r.id, name: r.name, videoCount: counts.get(r.id) ?? 0 }));
}

/** POST /api/Uploads/Collection: the entry's collection, named after its id, made once. */
async function createCollection(
  deps: Deps,
  customerId: number,
  name: string,
): Promise<VideoCollection> {
  const { db } = deps;
  const orderItemId = Number(name);
  if (!Number.isSafeInteger(orderItemId) || orderItemId <= 0) {
    throw badRequest('VALIDATION_ERROR', 'A collection is named after its entry id.');
  }
  const ctx = await deps.access.ownEntry(customerId, orderItemId);
  deps.access.assertOpen(ctx);
  let row = await repo.findCollectionOfEntry(db, orderItemId);
  if (!row) {
    const guid = await deps.videoHost.createCollection(name);
    try {
      row = await db.transaction(async (tx) => {
        const made = await repo.insertCollection(tx, {
          id: guid,
          customerId,
          orderItemId,
          name: String(orderItemId),
        });
        await entryRepo.setCollectionOfEntry(tx, orderItemId, made.id);
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
}

async function listSlots(
  deps: Deps,
  customerId: number,
  collectionId: string,
): Promise<VideoSlot[]> {
  const collection = await repo.findCollection(deps.db, customerId, collectionId);
  if (!collection) throw notFound('COLLECTION_NOT_FOUND', 'There is no such collection.');
  const ctx = await deps.access.ownEntry(customerId, collection.orderItemId);
  const slots = await repo.findSlots(deps.db, collectionId);
  return Promise.all(slots.map((s) => describeSlot(deps, s, deps.access.isOpen(ctx))));
}

/** POST /api/Uploads/Collection/{id}/Video: a new empty slot with its upload permission. */
async function createSlot(
  deps: Deps,
  customerId: number,
  collectionId: string,
  title: string,
): Promise<VideoSlot> {
  const { db } = deps;
  const collection = await repo.findCollection(db, customerId, collectionId);
  if (!collection) throw notFound('COLLECTION_NOT_FOUND', 'There is no such collection.');
  const ctx = await deps.access.ownEntry(customerId, collection.orderItemId);
  deps.access.assertOpen(ctx);
  const existing = await repo.findSlots(db, collectionId);
  if (existing.length >= (deps.maxSlotsPerEntry ?? 20)) {
    throw new AppError(
      409,
      'TOO_MANY_VIDEOS',
      'This entry has had many videos uploaded already. Please delete one you no longer need, or contact support.',
    );
  }
  // The host gets a blind title: its player shows it to adjudicators (security review).
  const guid = await deps.videoHost.createVideo(collectionId, BLIND_VIDEO_TITLE);
  const slot = await repo.insertSlot(db, {
    id: guid,
    collectionId,
    customerId,
    orderItemId: collection.orderItemId,
    title,
    // The service's clock, not the database's: the deadline rules compare against it.
    createdAt: new Date(deps.now()),
  });
  return describeSlot(deps, slot, true);
}

/**
 * An entry's videos (spec 7, Uploads): its collection, its slots with their signed upload
 * permission, and recording a finished video against the entry, once.
 */
export function createVideoSlotsService(deps: VideoSlotsDependencies) {
  return {
    attachVideo: (customerId: number, video: FinishedVideo) => attachVideo(deps, customerId, video),
    recordVideoUpload: (customerId: number, orderItemId: number, body: CreateOrderItemUpload) =>
      recordVideoUpload(deps, customerId, orderItemId, body),
    listCollections: (customerId: number, search?: string) =>
      listCollections(deps, customerId, search),
    createCollection: (customerId: number, name: string) =>
      createCollection(deps, customerId, name),
    listSlots: (customerId: number, collectionId: string) =>
      listSlots(deps, customerId, collectionId),
    createSlot: (customerId: number, collectionId: string, title: string) =>
      createSlot(deps, customerId, collectionId, title),
  };
}

export type VideoSlotsService = ReturnType<typeof createVideoSlotsService>;
