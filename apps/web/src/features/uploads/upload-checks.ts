import {
  extensionOf,
  UPLOAD_TYPE,
  type OrderItemUpload,
  type ParticipantOrderItem,
} from '@eisteddfod/shared';
import { KIND_EXTENSIONS, type UploadKind } from './upload-messages.ts';
import type { UploadSettings } from './upload-settings.ts';

/** Why a chosen file cannot go up; checked in this order, before any request. */
export type FileProblem = 'tooMany' | 'unsupported' | 'tooSmall' | 'tooLarge' | 'duplicate';

export const maxBytesFor = (kind: UploadKind, settings: UploadSettings) =>
  kind === 'video' ? settings.videoMaxBytes : settings.documentMaxBytes;

/** The entry's files that still count (not deleted). */
const activeUploads = (entry: ParticipantOrderItem) =>
  entry.orderItemUploads.filter((upload) => !upload.isDeleted);

export const mainFiles = (entry: ParticipantOrderItem): OrderItemUpload[] =>
  activeUploads(entry).filter((upload) => upload.uploadType === UPLOAD_TYPE.main);

export const supportingFiles = (entry: ParticipantOrderItem): OrderItemUpload[] =>
  activeUploads(entry).filter((upload) => upload.uploadType === UPLOAD_TYPE.supporting);

/** Spec 8: a file of the same name already uploaded to this entry is refused. */
export function isDuplicateName(entry: ParticipantOrderItem, fileName: string): boolean {
  const name = fileName.toLowerCase();
  return activeUploads(entry).some((upload) => upload.originalFileName.toLowerCase() === name);
}

/** Spec 5 and 8: one file, of an allowed type, not empty, within the limit, not a duplicate. */
export function checkChosenFiles(
  files: readonly File[],
  kind: UploadKind,
  entry: ParticipantOrderItem,
  settings: UploadSettings,
): FileProblem | null {
  if (files.length > 1) return 'tooMany';
  const file = files[0];
  if (!file) return null;
  if (!KIND_EXTENSIONS[kind].includes(extensionOf(file.name))) return 'unsupported';
  if (file.size === 0) return 'tooSmall';
  if (file.size > maxBytesFor(kind, settings)) return 'tooLarge';
  if (isDuplicateName(entry, file.name)) return 'duplicate';
  return null;
}
