import { DOCUMENT_EXTENSIONS, MEDIA_EXTENSIONS } from '@eisteddfod/shared';

/**
 * Spec 8 names the upload component's messages without their words (file too large, too
 * small, wrong type, too many files, no internet connection, failed to upload, network
 * failure); these are the words of that component (Uppy's English locale). The worded ones
 * live in UPLOAD_MESSAGES in the shared package.
 */
export const UPLOAD_TEXT = {
  tooLargeTitle: 'File Too Large',
  unsupportedTitle: 'Unsupported Format',
  howItWorksTitle: 'How It Works',
  withdrawTitle: 'Withdraw Entry',
  // Not in the spec, which finalises without asking; the confirmation is decision 028's.
  finaliseTitle: 'Finalise Entry',
  finaliseConfirm:
    'Finalising sends this entry to the adjudicators. After that you cannot add, replace or delete its files, or withdraw it.',
  exceedsSize: (file: string, size: string) => `${file} exceeds maximum allowed size of ${size}`,
  tooSmall: (size: string) => `This file is smaller than the allowed size of ${size}`,
  wrongType: (types: string) => `You can only upload: ${types}`,
  tooMany: 'You can only upload 1 file',
  noInternet: 'No Internet connection',
  backOnline: 'Connected to the Internet',
  failedToUpload: (file: string) => `Failed to upload ${file}`,
  networkError:
    'This looks like a network error, the endpoint might be blocked by an internet provider or a firewall.',
} as const;

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
