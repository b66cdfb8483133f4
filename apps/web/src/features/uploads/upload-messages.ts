import { DOCUMENT_EXTENSIONS, MEDIA_EXTENSIONS } from '@eisteddfod/shared';

/** What each uploader takes. */
export type UploadKind = 'video' | 'image' | 'document';

export const KIND_EXTENSIONS: Record<UploadKind, readonly string[]> = {
  video: MEDIA_EXTENSIONS,
  // A Visual Arts main file: an artwork, or creative writing as a PDF (uploads.rules.ts).
  image: DOCUMENT_EXTENSIONS,
  document: DOCUMENT_EXTENSIONS,
};

/** '.mp4, .mov, …' for messages (the file picker's accept attribute is fileAccept's). */
export const extensionList = (kind: UploadKind) =>
  KIND_EXTENSIONS[kind].map((extension) => `.${extension}`).join(', ');

/** 4 GB, 25 MB, 512 KB: sizes as people read them. */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = unit === 0 || value >= 10 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${rounded} ${units[unit]}`;
}
