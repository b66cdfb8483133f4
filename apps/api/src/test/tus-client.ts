import { BLANK_VIDEO_TITLE, VideoSlotSchema, type VideoUploadAuth } from '@eisteddfod/shared';
import { expect } from 'vitest';
import { TUS_PATH } from '../providers/video/video-host.ts';
import type { createFamily } from './family.ts';

type Family = Awaited<ReturnType<typeof createFamily>>;

/** The headers of a slot's upload permission (spec 7, Bunny's scheme). */
export const permission = (auth: VideoUploadAuth) => ({
  'Tus-Resumable': '1.0.0',
  AuthorizationSignature: auth.signature,
  AuthorizationExpire: String(auth.expires),
  VideoId: auth.videoId,
  LibraryId: auth.libraryId,
});
const b64 = (s: string) => Buffer.from(s).toString('base64');

/** The entry's collection and a fresh video slot, as the portal makes them (spec 7). */
export async function slotFor(f: Family, entry: number) {
  const collection = await f.call('POST', '/api/Uploads/Collection', { name: String(entry) });
  expect(collection.statusCode, collection.body).toBe(200);
  const guid = collection.json<{ guid: string }>().guid;
  const slot = await f.call('POST', `/api/Uploads/Collection/${guid}/Video`, {
    collectionId: guid,
    title: BLANK_VIDEO_TITLE,
  });
  expect(slot.statusCode, slot.body).toBe(200);
  const parsed = VideoSlotSchema.parse(slot.json());
  return { guid, slot: parsed, auth: parsed.upload! };
}

/** A tus client of a listening test server at `base()`, speaking the protocol as tus-js does. */
export function tusClient(base: () => string) {
  async function create(
    auth: VideoUploadAuth,
    fileName: string,
    size: number,
    headers: Record<string, string> = permission(auth),
  ) {
    return fetch(`${base()}${TUS_PATH}`, {
      method: 'POST',
      headers: {
        ...headers,
        'Upload-Length': String(size),
        'Upload-Metadata': `filename ${b64(fileName)},filetype ${b64('video/mp4')}`,
      },
    });
  }
  async function patch(auth: VideoUploadAuth, location: string, offset: number, bytes: Buffer) {
    return fetch(new URL(location, base()), {
      method: 'PATCH',
      headers: {
        ...permission(auth),
        'Upload-Offset': String(offset),
        'Content-Type': 'application/offset+octet-stream',
      },
      body: bytes,
    });
  }
  async function offsetOf(auth: VideoUploadAuth, location: string) {
    const res = await fetch(new URL(location, base()), {
      method: 'HEAD',
      headers: permission(auth),
    });
    return { status: res.status, offset: Number(res.headers.get('upload-offset')) };
  }
  /** A whole recording sent to a new slot of the entry in one PATCH; the finish status. */
  async function upload(f: Family, entry: number, fileName: string, bytes: Buffer) {
    const { auth } = await slotFor(f, entry);
    const created = await create(auth, fileName, bytes.length);
    expect(created.status).toBe(201);
    const done = await patch(auth, created.headers.get('location')!, 0, bytes);
    return { status: done.status, body: await done.text(), videoId: auth.videoId };
  }
  return { create, patch, offsetOf, upload };
}
