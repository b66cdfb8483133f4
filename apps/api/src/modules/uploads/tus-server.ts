import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import type { S3 } from '@aws-sdk/client-s3';
import { S3Store, type Options as S3StoreOptions } from '@tus/s3-store';
import { Server, type Upload } from '@tus/server';
import type { FastifyBaseLogger } from 'fastify';
import {
  extensionOf,
  FILE_EXISTS,
  FILE_TEXT,
  hasControlCharacters,
  isAllowedMedia,
  isUuid,
  MAIN_FILE_KIND_LABELS,
  mainFileAllowed,
  VALIDATION_TEXT,
  VIDEO_UPLOAD_HEADERS,
} from '@eisteddfod/shared';
import type { Config } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { wordsOf } from '../../lib/messages.ts';
import {
  CONTENT_TYPES,
  contentMatchesExtension,
  contentTypeForExtension,
  detectContent,
} from '../../lib/file-content.ts';
import { LOCKS_UNAVAILABLE, RedisTusLocker } from '../../providers/locks/redis-tus-locker.ts';
import type { FileStorage } from '../../providers/storage/file-storage.ts';
import { createS3Client, s3SettingsFrom } from '../../providers/storage/s3-client.ts';
import { TUS_PATH, type VideoHost } from '../../providers/video/video-host.ts';
import * as fileRepo from './entry-files.repository.ts';
import * as repo from './video-slots.repository.ts';
import type { EntryAccess } from './entry-access.ts';
import type { VideoSlotsService } from './video-slots.service.ts';
import { verifyVideoSignature } from './video-signature.ts';

/** What @tus/server turns into a response when a hook throws it. */
interface TusRefusal {
  status_code: number;
  body: string;
}
const refuse = (status_code: number, body: string): TusRefusal => ({ status_code, body });
/** A refusal as is, and our own errors with their status and message, on the tus path too. */
const asRefusal = (err: unknown): TusRefusal => {
  if (typeof err === 'object' && err !== null && 'status_code' in err) return err as TusRefusal;
  if (err instanceof AppError) return refuse(err.statusCode, err.message);
  throw err;
};

/**
 * FileStore, in a folder made before it starts. Its constructor makes the folder without waiting
 * and throws from the callback when that fails, which no caller can catch: an app closed (and
 * its DATA_DIR removed, in tests) before that callback ran crashed the process.
 */
// @ts-expect-error -- replaces FileStore's private checkOrCreateDirectory, on purpose (above).
class FileStoreInFolder extends FileStore {
  override checkOrCreateDirectory() {}
}

/**
 * S3Store on our own S3 client (providers/storage/s3-client.ts), which puts S3_PREFIX before its
 * keys as it does for every other file; S3Store's own client knows no prefix.
 */
class S3StoreOnClient extends S3Store {
  constructor(options: S3StoreOptions, client: S3) {
    super(options);
    this.client = client;
  }
}

/** The tus store: files under DATA_DIR/videos, or the S3 bucket's videos when storage is S3. */
function createTusStore(config: Config) {
  const expirationPeriodInMilliseconds = config.UPLOAD_EXPIRY_HOURS * 3600_000;
  if (config.STORAGE_DRIVER === 's3') {
    const settings = s3SettingsFrom(config, 'videos');
    return new S3StoreOnClient(
      {
        partSize: 8 * 1024 * 1024,
        expirationPeriodInMilliseconds,
        s3ClientConfig: { bucket: settings.bucket, region: settings.region },
      },
      createS3Client(settings),
    );
  }
  const directory = path.join(config.DATA_DIR, 'videos');
  mkdirSync(directory, { recursive: true });
  return new FileStoreInFolder({
    directory,
    expirationPeriodInMilliseconds,
  });
}

export interface TusDependencies {
  db: Database;
  config: Config;
  access: EntryAccess;
  videoSlots: VideoSlotsService;
  videoHost: VideoHost;
  /** Reads finished tus files (the bytes land where the tus store put them). */
  videoFiles: FileStorage;
  now: () => number;
  log: FastifyBaseLogger;
}

type Deps = TusDependencies;
type TusStore = ReturnType<typeof createTusStore>;

/** The slot a request's permission names, when the permission is genuine and current. */
async function permittedSlot(deps: Deps, req: Request): Promise<repo.SlotRow> {
  const { videoHost } = deps;
  const header = (name: string) => req.headers.get(name) ?? '';
  const videoId = header(VIDEO_UPLOAD_HEADERS.videoId);
  const signed = {
    libraryId: header(VIDEO_UPLOAD_HEADERS.libraryId),
    videoId,
    expires: Number(header(VIDEO_UPLOAD_HEADERS.expires)),
    signature: header(VIDEO_UPLOAD_HEADERS.signature),
  };
  if (!signed.signature || !videoId) {
    throw refuse(401, 'This upload needs its signed permission (AuthorizationSignature).');
  }
  if (
    signed.libraryId !== videoHost.libraryId ||
    !verifyVideoSignature(signed, videoHost.signingKey, deps.now())
  ) {
    throw refuse(403, 'The upload permission is not valid or has expired.');
  }
  const slot = isUuid(videoId) ? await repo.findSlot(deps.db, videoId) : undefined;
  if (!slot) throw refuse(404, 'There is no such video.');
  return slot;
}

async function onIncomingRequest(deps: Deps, req: Request, uploadId: string) {
  const { access } = deps;
  if (req.method === 'OPTIONS') return;
  const slot = await permittedSlot(deps, req);
  if (req.method === 'POST') {
    if (slot.completedAt) throw refuse(409, 'This video slot already holds a file.');
    try {
      const ctx = await access.ownEntry(slot.customerId, slot.orderItemId);
      if (!access.isOpen(ctx)) {
        throw refuse(
          409,
          'This entry no longer takes uploads (withdrawn, finalised or past its deadline).',
        );
      }
    } catch (err) {
      throw asRefusal(err);
    }
    return;
  }
  // Resuming, checking or cancelling: only the slot's own upload, whoever asks.
  if (!uploadId || slot.uploadId !== uploadId) throw refuse(404, 'There is no such upload.');
  if (req.method === 'PATCH') {
    // Bytes keep coming only while the entry may still take this video.
    try {
      access.assertMayFinish(await access.ownEntry(slot.customerId, slot.orderItemId), slot);
    } catch (err) {
      throw asRefusal(err);
    }
  }
}

/** Refuses a file name the slot's entry does not take: its characters, type or item's kinds. */
async function assertFileNameTaken(deps: Deps, slot: repo.SlotRow, fileName: string) {
  // Stored as text: the rule of every text field of a request (text() in shared).
  if (hasControlCharacters(fileName)) {
    throw refuse(400, wordsOf(VALIDATION_TEXT.say('fileName')));
  }
  if (!isAllowedMedia(fileName)) {
    throw refuse(
      415,
      'This file type is not accepted here. Please see the FAQ for the formats we accept.',
    );
  }
  // The item's own kinds: an organiser may take only sound for a music item, say.
  const { mainFileKinds } = await deps.access
    .ownEntry(slot.customerId, slot.orderItemId)
    .catch((err: unknown) => {
      throw asRefusal(err);
    });
  if (!mainFileAllowed(mainFileKinds, fileName)) {
    throw refuse(
      415,
      `This item takes ${mainFileKinds.map((k) => MAIN_FILE_KIND_LABELS[k].toLowerCase()).join(' or ')} as its main file. Please choose a file of that kind.`,
    );
  }
}

async function onUploadCreate(deps: Deps, datastore: TusStore, req: Request, upload: Upload) {
  const { db } = deps;
  const slot = await permittedSlot(deps, req);
  const fileName = (upload.metadata?.filename ?? upload.metadata?.name ?? '').trim();
  await assertFileNameTaken(deps, slot, fileName);
  if (upload.sizeIsDeferred) {
    throw refuse(400, 'Send the file size with the upload (Upload-Length).');
  }
  if (upload.size === 0) throw refuse(400, wordsOf(FILE_TEXT.say('empty')));
  const live = await fileRepo.findLiveUploads(db, [slot.orderItemId]);
  if (live.some((u) => u.originalFileName.toLowerCase() === fileName.toLowerCase())) {
    throw refuse(409, FILE_EXISTS);
  }
  const abandoned = slot.uploadId;
  await repo.updateSlot(db, slot.id, { uploadId: upload.id, originalFileName: fileName });
  if (abandoned) {
    // The browser lost the old upload's address (a cleared cache); its bytes are no use.
    await datastore.remove(abandoned).catch(() => undefined);
  }
  // Only what we decide is kept: the S3 store would copy a client's contentType and
  // cacheControl onto the object, which a bucket serves as it was told (security review).
  const filetype = contentTypeForExtension(extensionOf(fileName));
  return { metadata: { filename: fileName, filetype, contentType: filetype } };
}

async function onUploadFinish(deps: Deps, datastore: TusStore, req: Request, upload: Upload) {
  const { db, log } = deps;
  const slot = await permittedSlot(deps, req);
  // Only the slot's current upload counts (a replaced one may still be finishing).
  if (slot.uploadId !== upload.id || slot.completedAt) {
    throw refuse(409, 'This upload was replaced by a newer one for the same video.');
  }
  const fileName = slot.originalFileName ?? upload.metadata?.filename ?? '';
  const head = await deps.videoFiles.read(upload.id, { start: 0, end: 64 * 1024 - 1 });
  const chunks: Buffer[] = [];
  for await (const chunk of head.stream) chunks.push(chunk as Buffer);
  const kind = detectContent(Buffer.concat(chunks));
  if (!contentMatchesExtension(extensionOf(fileName), kind)) {
    await datastore.remove(upload.id).catch(() => undefined);
    await repo.updateSlot(db, slot.id, { uploadId: null });
    throw refuse(
      415,
      `This file's content is not a .${extensionOf(fileName)} file. Please check the file and try again.`,
    );
  }
  await repo.updateSlot(db, slot.id, {
    storageSize: upload.size ?? upload.offset,
    storageKey: upload.id,
    contentType: kind ? CONTENT_TYPES[kind] : 'application/octet-stream',
    title: fileName,
    completedAt: new Date(deps.now()),
  });
  const done = await repo.findSlot(db, slot.id);
  if (!done) throw refuse(404, 'There is no such video.');
  try {
    await deps.videoSlots.attachVideo(slot.customerId, {
      slot: done,
      sizeBytes: done.storageSize,
      originalFileName: fileName,
    });
  } catch (err) {
    log.warn({ err, videoId: slot.id }, 'a finished video could not be attached to its entry');
    throw asRefusal(err);
  }
  return {};
}

/**
 * The tus server and its rules. Every request carries the slot's signed permission in the
 * headers Bunny Stream uses (spec 7), so one client works against both hosts; the permission
 * names one video slot, and an upload id of another slot answers 404.
 */
export function createTusServer(deps: TusDependencies) {
  const { videoHost, log } = deps;
  const datastore = createTusStore(deps.config);
  // Every instance's requests lock one upload through Redis when there is one, so that two
  // instances never write one upload at once; tus's MemoryLocker (one process) otherwise. Only
  // when our own tus endpoint is served: with Bunny Stream nothing here takes a lock.
  const redisUrl = videoHost.kind === 'builtin' ? deps.config.REDIS_URL : undefined;
  const locker = redisUrl
    ? new RedisTusLocker({ url: redisUrl, prefix: `${deps.config.REDIS_PREFIX}tus:` })
    : undefined;

  const server = new Server({
    path: TUS_PATH,
    datastore,
    ...(locker ? { locker } : {}),
    maxSize: deps.config.VIDEO_MAX_MB * 1024 * 1024,
    relativeLocation: true,
    respectForwardedHeaders: false,
    disableTerminationForFinishedUploads: true,
    allowedHeaders: Object.values(VIDEO_UPLOAD_HEADERS),
    // The portal is the only web page that uploads here.
    allowedOrigins: [new URL(deps.config.PUBLIC_URL).origin],
    onResponseError(_req, err) {
      // Our refusals say what is wrong; anything else is ours to log, not the client's to read.
      if ('status_code' in err && err.status_code < 500) return err;
      // Redis away (the locks): a clear 503 the client retries, logged by the locker's plugin.
      if (err === LOCKS_UNAVAILABLE) return err;
      log.error({ err }, 'tus request failed');
      return { status_code: 500, body: 'The upload could not be stored. Please try again.' };
    },
    onIncomingRequest: (req, uploadId) => onIncomingRequest(deps, req, uploadId),
    onUploadCreate: (req, upload) => onUploadCreate(deps, datastore, req, upload),
    onUploadFinish: (req, upload) => onUploadFinish(deps, datastore, req, upload),
  });

  return {
    server,
    datastore,
    /** Removes unfinished uploads past their expiry, and their bytes. */
    async cleanUpExpired(): Promise<number> {
      return server.cleanUpExpiredUploads();
    },
    /** Closes the Redis locker's connections, when there is one. */
    async close(): Promise<void> {
      await locker?.close();
    },
  };
}

export type TusUploads = ReturnType<typeof createTusServer>;
