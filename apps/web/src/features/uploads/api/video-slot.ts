import {
  BLANK_VIDEO_TITLE,
  VideoCollectionSchema,
  VideoCollectionsSchema,
  VideoSlotSchema,
  VideoSlotsSchema,
  type ParticipantOrderItem,
  type VideoSlot,
  type VideoUploadAuth,
} from '@eisteddfod/shared';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

/** A video slot that can still receive bytes. */
export type OpenVideoSlot = VideoSlot & { upload: VideoUploadAuth };

/**
 * Spec 7, Uploads, step 1: the entry's video collection, named after the order item id; made
 * when there is none, then remembered on the order item.
 */
export async function ensureCollection(entry: ParticipantOrderItem, signal?: AbortSignal) {
  const name = String(entry.id);
  const found = await apiRequest(
    `/api/Uploads/Collection?search=${encodeURIComponent(name)}`,
    VideoCollectionsSchema,
    { signal },
  );
  const collection =
    found.items.find((item) => item.name === name) ??
    (await apiRequest('/api/Uploads/Collection', VideoCollectionSchema, {
      method: 'POST',
      body: { name },
      signal,
    }));
  if (entry.externalCollectionId !== collection.guid) {
    await apiRequest(`/api/OrderItems/${entry.id}`, z.unknown(), {
      method: 'PUT',
      body: { externalCollectionId: collection.guid },
      signal,
    });
  }
  return collection;
}

const isOpenBlankSlot = (slot: VideoSlot): slot is OpenVideoSlot =>
  slot.title === BLANK_VIDEO_TITLE && slot.storageSize === 0 && slot.upload !== null;

/**
 * Spec 7, step 2: a blank slot of the collection (one left by an earlier, unfinished upload is
 * reused, so the same file resumes), else a new one.
 */
export async function openVideoSlot(collectionGuid: string, signal?: AbortSignal) {
  const path = `/api/Uploads/Collection/${collectionGuid}/Video`;
  const slots = await apiRequest(path, VideoSlotsSchema, { signal });
  const blank = slots.items.find(isOpenBlankSlot);
  if (blank) return blank;
  const created = await apiRequest(path, VideoSlotSchema, {
    method: 'POST',
    body: { collectionId: collectionGuid, title: BLANK_VIDEO_TITLE },
    signal,
  });
  if (!isOpenBlankSlot(created)) throw new Error('The new video slot cannot receive an upload');
  return created;
}
