import {
  BLANK_VIDEO_TITLE,
  ordersApi,
  uploadsApi,
  type ParticipantOrderItem,
  type VideoSlot,
  type VideoUploadAuth,
} from '@eisteddfod/shared';
import { callApi } from '../../../lib/api-client.ts';

/** A video slot that can still receive bytes. */
export type OpenVideoSlot = VideoSlot & { upload: VideoUploadAuth };

/**
 * Spec 7, Uploads, step 1: the entry's video collection, named after the order item id; made
 * when there is none, then remembered on the order item.
 */
export async function ensureCollection(entry: ParticipantOrderItem, signal?: AbortSignal) {
  const name = String(entry.id);
  const found = await callApi(uploadsApi.collections, { query: { search: name }, signal });
  const collection =
    found.items.find((item) => item.name === name) ??
    (await callApi(uploadsApi.createCollection, { body: { name }, signal }));
  if (entry.externalCollectionId !== collection.guid) {
    await callApi(ordersApi.updateItem, {
      params: { id: entry.id },
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
  const params = { id: collectionGuid };
  const slots = await callApi(uploadsApi.videoSlots, { params, signal });
  const blank = slots.items.find(isOpenBlankSlot);
  if (blank) return blank;
  const created = await callApi(uploadsApi.createVideoSlot, {
    params,
    body: { collectionId: collectionGuid, title: BLANK_VIDEO_TITLE },
    signal,
  });
  if (!isOpenBlankSlot(created)) throw new Error('The new video slot cannot receive an upload');
  return created;
}
