import { randomUUID } from 'node:crypto';
import {
  extensionOf,
  FILE_EXISTS,
  FILE_TEXT,
  isAllowedDocument,
  mainFileAllowed,
  isVisualArtsSection,
  UPLOAD_TYPE,
  type UploadType,
} from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { CONTENT_TYPES, contentMatchesExtension, detectContent } from '../../lib/file-content.ts';
import type { FileStorage } from '../../providers/storage/file-storage.ts';
import * as entryRepo from './entries.repository.ts';
import * as repo from './entry-files.repository.ts';
import { unsupportedFormat, type EntryAccess } from './entry-access.ts';
import type { MediaLinks } from '../entries/index.ts';

type EntryFile = { orderItemId: number; uploadType: UploadType; fileName: string; data: Buffer };

/**
 * The file's own name (its path cut off), its extension and what its content is, once the
 * item takes a file of this kind and the content is what the extension says; else the refusal.
 */
function checkedFile(
  ctx: Awaited<ReturnType<EntryAccess['ownEntry']>>,
  input: EntryFile,
  documentMaxBytes: number,
) {
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
    // The item's own kinds: an organiser may take only PDFs for creative writing, say.
    if (!isAllowedDocument(original) || !mainFileAllowed(ctx.mainFileKinds, original))
      throw unsupportedFormat();
  } else if (!isAllowedDocument(original)) {
    throw unsupportedFormat();
  }
  if (input.data.length === 0) throw badRequest('EMPTY_FILE', FILE_TEXT.say('empty'));
  if (input.data.length > documentMaxBytes) {
    throw new AppError(413, 'FILE_TOO_LARGE', FILE_TEXT.say('tooLarge'));
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
  return { original, extension, kind };
}

/** The images and documents of an entry (spec 5): checked by name and content, then stored. */
export function createEntryFilesService(deps: {
  db: Database;
  access: EntryAccess;
  storage: FileStorage;
  mediaLinks: MediaLinks;
  /** Queues the file's processing (a copy without metadata for the adjudicators). */
  processFile: (uploadId: number) => Promise<void>;
  documentMaxBytes: number;
  now: () => number;
}) {
  const { db, access, storage, mediaLinks, now } = deps;
  const { ownEntry, contextOf, assertOpen, entryFileName } = access;

  return {
    /**
     * POST /api/Uploads/UploadS3Files: an image or document of an entry, checked by extension
     * and content, stored under a server-made key and recorded in one step.
     */
    async storeEntryFile(
      customerId: number,
      input: EntryFile,
    ): Promise<{ name: string; fileUrl: string; orderItemUploadId?: number }> {
      const ctx = await ownEntry(customerId, input.orderItemId);
      assertOpen(ctx);
      const { original, extension, kind } = checkedFile(ctx, input, deps.documentMaxBytes);
      const at = now();
      const fileName = await entryFileName(ctx, original, at);
      const key = `entries/${input.orderItemId}/${randomUUID()}.${extension}`;
      await storage.put(key, input.data, kind ? CONTENT_TYPES[kind] : 'application/octet-stream');
      try {
        const row = await entryRepo.withLockedEntry(
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
        await deps.processFile(row.id);
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
  };
}

export type EntryFilesService = ReturnType<typeof createEntryFilesService>;
