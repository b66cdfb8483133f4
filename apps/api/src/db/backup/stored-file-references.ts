import { UPLOADED_SITE_IMAGE } from '@eisteddfod/shared';
import { and, isNotNull, isNull, not } from 'drizzle-orm';
import type { Database } from '../client.ts';
import {
  certificates,
  events,
  fileDeletions,
  orderItemUploads,
  storedFiles,
  videoSlots,
} from '../schema/index.ts';

/**
 * Which columns hold storage keys: the one list the consistency check, the backup and the move
 * read (decision 036). A column that starts holding a key is added here, or the check reports
 * its files as unreferenced.
 *
 * Two stores: `files` (pictures, entry documents and their served copies, posters and thumbnails,
 * certificates, the site's uploaded pictures; DATA_DIR/files or the bucket at S3_PREFIX) and
 * `videos` (finished tus uploads by their upload id, DATA_DIR/videos or the bucket at
 * S3_PREFIX + videos/).
 */
export type Store = 'files' | 'videos';

export interface FileReference {
  store: Store;
  key: string;
  /** The row that points at it, for the report: `certificates.storage_key #12`. */
  by: string;
}

/** Where site pictures live in the files store (modules/site-content). */
const SITE_IMAGES = 'site-images/';

/** Every file the database says exists: a missing one is a broken record. */
export async function referencedFiles(db: Database): Promise<FileReference[]> {
  const out: FileReference[] = [];
  const add = (store: Store, key: string | null, by: string) => {
    if (key) out.push({ store, key, by });
  };
  for (const f of await db.select().from(storedFiles)) {
    add('files', f.storageKey, `stored_files.storage_key ${f.id}`);
    add('files', f.renditionKey, `stored_files.rendition_key ${f.id}`);
  }
  // A deleted upload's files were let go (their deletion is queued); a live one's are needed.
  const uploads = await db.select().from(orderItemUploads).where(not(orderItemUploads.isDeleted));
  for (const u of uploads) {
    const by = `order_item_uploads ${u.id}`;
    // A video is in the video store under its tus upload id, or Bunny Stream's (not ours).
    if (!u.videoId) add('files', u.storageKey, `${by}.storage_key`);
    else if (!/^[a-z]+:/.test(u.storageKey)) add('videos', u.storageKey, `${by}.storage_key`);
    add('files', u.servedKey, `${by}.served_key`);
    add('files', u.posterKey, `${by}.poster_key`);
    add('files', u.thumbnailKey, `${by}.thumbnail_key`);
  }
  // A superseded certificate's file is deleted when its successor is made.
  const live = await db.select().from(certificates).where(isNull(certificates.supersededAt));
  for (const c of live) add('files', c.storageKey, `certificates.storage_key ${c.id}`);
  const finished = await db
    .select()
    .from(videoSlots)
    .where(and(isNotNull(videoSlots.completedAt), isNotNull(videoSlots.storageKey)));
  for (const s of finished) add('videos', s.storageKey, `video_slots.storage_key ${s.id}`);
  for (const e of await db.select({ id: events.id, content: events.content }).from(events)) {
    for (const name of sitePicturesOf(e.content)) {
      add('files', `${SITE_IMAGES}${name}`, `events.content ${e.id}`);
    }
  }
  return out;
}

/**
 * Files that are rightly there though nothing points at them: uploads under way (a tus upload
 * and its sidecar), files whose deletion is queued, and the erasure journal.
 */
export async function heldFiles(db: Database): Promise<{ store: Store; key: string }[]> {
  const held: { store: Store; key: string }[] = [];
  const slots = await db
    .select({ uploadId: videoSlots.uploadId })
    .from(videoSlots)
    .where(isNotNull(videoSlots.uploadId));
  for (const s of slots) held.push({ store: 'videos', key: s.uploadId! });
  for (const d of await db.select().from(fileDeletions)) {
    if (d.store === 'files' || d.store === 'videos') held.push({ store: d.store, key: d.key });
  }
  return held;
}

/**
 * The key a stored file belongs to: a tus upload's sidecars (the disk store's `.json`, the S3
 * store's `.info` and unfinished `.part`) belong to the upload.
 */
export function ownerKey(store: Store, key: string): string {
  return store === 'videos' ? key.replace(/\.(json|info|part)$/, '') : key;
}

/** The pictures an event's content names that organisers uploaded (the demo's are the web's). */
function sitePicturesOf(content: unknown): string[] {
  const c = (content ?? {}) as {
    artworks?: { image?: unknown }[];
    participatingSchools?: { logo?: unknown }[];
    adjudicators?: { portrait?: unknown }[];
  };
  const names = [
    ...(c.artworks ?? []).map((a) => a.image),
    ...(c.participatingSchools ?? []).map((s) => s.logo),
    ...(c.adjudicators ?? []).map((a) => a.portrait),
  ];
  return names.filter((n): n is string => typeof n === 'string' && UPLOADED_SITE_IMAGE.test(n));
}
