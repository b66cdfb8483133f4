import { randomUUID } from 'node:crypto';
import { extensionOf, FILE_TEXT, isAllowedPicture, PICTURE_EXTENSIONS } from '@eisteddfod/shared';
import type { Readable } from 'node:stream';
import type { Database } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { CONTENT_TYPES, contentMatchesExtension, detectContent } from '../../lib/file-content.ts';
import type { SignedLinks } from '../../lib/signed-links.ts';
import { isDecoderBusy, PICTURE_LIMITS, runUntrusted } from '../../lib/untrusted.ts';
import type { FileStorage } from '../../providers/storage/file-storage.ts';
import { DELETION_GRACE_MS, queueFileDeletions } from '../data-rights/index.ts';
import * as repo from './pictures.repository.ts';

export interface PicturesDependencies {
  db: Database;
  storage: FileStorage;
  links: SignedLinks;
  maxBytes: number;
  now: () => number;
}

export type PicturesService = ReturnType<typeof createPicturesService>;

/** A picture as the family sent it, for a contestant or one still to be made. */
interface PictureInput {
  customerId: number;
  profileId?: number;
  fileName: string;
  data: Buffer;
}

/** The name a client sent, without any folder part, as a label only: never a storage path. */
function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const printable = [...base].filter((ch) => ch.charCodeAt(0) >= 32 && ch.charCodeAt(0) !== 127);
  return printable.join('').trim().slice(0, 200) || 'picture';
}

/**
 * The records go at once; the files after a grace period (decision 036): a backup whose
 * database dump still names a replaced picture finds its file when it copies the files.
 */
async function removeFiles(deps: PicturesDependencies, files: repo.StoredFileRow[]) {
  const { db } = deps;
  const keys = files.flatMap((f) =>
    f.renditionKey ? [f.storageKey, f.renditionKey] : [f.storageKey],
  );
  await db.transaction(async (tx) => {
    await repo.deleteStoredFiles(
      tx,
      files.map((f) => f.id),
    );
    await queueFileDeletions(
      tx,
      keys.map((key) => ({ store: 'files' as const, key })),
      new Date(deps.now() + DELETION_GRACE_MS),
    );
  });
}

/** The picture's allowed extension, size and content, or why it is refused. */
function checkedPicture(maxBytes: number, input: PictureInput) {
  const originalName = cleanFileName(input.fileName);
  const extension = extensionOf(originalName);
  if (!isAllowedPicture(originalName)) {
    throw new AppError(
      415,
      'UNSUPPORTED_FILE_TYPE',
      `Profile pictures must be one of: ${PICTURE_EXTENSIONS.join(', ')}.`,
    );
  }
  if (input.data.length > maxBytes) {
    throw new AppError(413, 'FILE_TOO_LARGE', FILE_TEXT.say('tooLarge'));
  }
  if (input.data.length === 0) throw badRequest('FILE_EMPTY', FILE_TEXT.say('empty'));
  const kind = detectContent(input.data);
  if (!contentMatchesExtension(extension, kind)) {
    throw new AppError(
      415,
      'CONTENT_MISMATCH',
      `This file is not a real .${extension} file. Please choose the original picture.`,
    );
  }
  return { originalName, extension, kind: kind! };
}

/** The picture as browsers show it, made by the untrusted decoder; refuses one it cannot read. */
async function renditionOf(data: Buffer, kind: NonNullable<ReturnType<typeof detectContent>>) {
  try {
    return await runUntrusted('pictureRendition', { data, kind }, PICTURE_LIMITS);
  } catch (err) {
    // Every decoder busy (503 DECODER_BUSY): not the picture's fault, try again shortly.
    if (isDecoderBusy(err)) throw err;
    throw new AppError(415, 'UNREADABLE_PICTURE', FILE_TEXT.say('unreadablePicture'));
  }
}

/**
 * Checks and keeps a picture: allowed extension, content that matches it, size limit. A
 * second file of the same name for the same contestant (or, before the contestant exists,
 * within a day) is the spec's duplicate: nothing is stored.
 */
async function storePicture(
  deps: PicturesDependencies,
  input: PictureInput,
): Promise<{ duplicate: true } | { duplicate: false; file: repo.StoredFileRow }> {
  const { db, storage } = deps;
  const { originalName, extension, kind } = checkedPicture(deps.maxBytes, input);
  const existing =
    input.profileId === undefined
      ? await repo.findUnattachedByName(
          db,
          input.customerId,
          originalName,
          new Date(deps.now() - 10 * 60_000),
        )
      : (await repo.findFilesOfProfile(db, input.profileId)).find(
          (f) => f.originalName === originalName,
        );
  if (existing) return { duplicate: true };

  const rendition = await renditionOf(input.data, kind);
  const base = `pictures/${input.customerId}/${randomUUID()}`;
  const storageKey = `${base}.${extension}`;
  const renditionKey = rendition ? `${base}.view.jpg` : null;
  await storage.put(storageKey, input.data, CONTENT_TYPES[kind]);
  if (rendition && renditionKey) await storage.put(renditionKey, rendition, 'image/jpeg');
  const file = await repo.insertStoredFile(db, {
    customerId: input.customerId,
    purpose: 'profile_picture',
    participantProfileId: input.profileId ?? null,
    originalName,
    contentType: CONTENT_TYPES[kind],
    sizeBytes: input.data.length,
    storageKey,
    renditionKey,
  });
  if (input.profileId !== undefined) {
    const others = (await repo.findFilesOfProfile(db, input.profileId)).filter(
      (f) => f.id !== file.id,
    );
    await removeFiles(deps, others);
  }
  return { duplicate: false, file };
}

/** Refuses a picture reference that is not one of the customer's uploaded pictures. */
async function requireUsablePicture(
  deps: PicturesDependencies,
  customerId: number,
  fileId: string,
): Promise<void> {
  const { db } = deps;
  const file = await repo.findStoredFile(db, fileId);
  if (file?.customerId !== customerId || file.purpose !== 'profile_picture') {
    throw badRequest(
      'PICTURE_NOT_FOUND',
      'The profile picture was not found. Please upload it again.',
    );
  }
}

/** Makes an uploaded picture the contestant's one picture, replacing any earlier. */
async function attachPicture(
  deps: PicturesDependencies,
  customerId: number,
  fileId: string,
  profileId: number,
): Promise<void> {
  const { db } = deps;
  const file = await repo.findStoredFile(db, fileId);
  const isUsable =
    file?.customerId === customerId &&
    file.purpose === 'profile_picture' &&
    (file.participantProfileId === null || file.participantProfileId === profileId);
  if (!file || !isUsable) {
    throw badRequest(
      'PICTURE_NOT_FOUND',
      'The profile picture was not found. Please upload it again.',
    );
  }
  await repo.attachToProfile(db, file.id, profileId);
  const others = (await repo.findFilesOfProfile(db, profileId)).filter((f) => f.id !== file.id);
  await removeFiles(deps, others);
}

/** The viewable picture behind a signed link; 404 for a wrong, expired or unknown link. */
async function openPicture(
  deps: PicturesDependencies,
  fileId: string,
  expires: number,
  signature: string,
): Promise<{ stream: Readable; size: number }> {
  const { db, storage, links } = deps;
  const file = links.verify(fileId, expires, signature)
    ? await repo.findStoredFile(db, fileId)
    : undefined;
  if (!file?.renditionKey)
    throw notFound('FILE_NOT_FOUND', 'This link has expired or does not exist.');
  return storage.read(file.renditionKey);
}

/** Profile pictures (spec 4, "Profile picture upload"; issue 4). */
export function createPicturesService(deps: PicturesDependencies) {
  const { db, links } = deps;

  return {
    storePicture: (input: PictureInput) => storePicture(deps, input),

    /** A short-lived link to the viewable picture, or null when browsers cannot show it. */
    linkFor(file: Pick<repo.StoredFileRow, 'id' | 'renditionKey'>): string | null {
      return file.renditionKey ? links.sign(`/api/files/${file.id}/picture`, file.id) : null;
    },

    requireUsablePicture: (customerId: number, fileId: string) =>
      requireUsablePicture(deps, customerId, fileId),

    attachPicture: (customerId: number, fileId: string, profileId: number) =>
      attachPicture(deps, customerId, fileId, profileId),

    async pictureOf(profileId: number): Promise<repo.StoredFileRow | undefined> {
      return (await repo.findFilesOfProfile(db, profileId))[0];
    },

    async picturesOf(profileId: number): Promise<repo.StoredFileRow[]> {
      return repo.findFilesOfProfile(db, profileId);
    },

    /** Deletes the pictures' files and records (after their contestant is gone). */
    removePictures: (files: repo.StoredFileRow[]) => removeFiles(deps, files),

    openPicture: (fileId: string, expires: number, signature: string) =>
      openPicture(deps, fileId, expires, signature),
  };
}
