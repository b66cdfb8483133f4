import {
  DOCUMENT_EXTENSIONS,
  extensionOf,
  hasExtensionIn,
  MEDIA_EXTENSIONS,
} from '../files/files.rules.ts';
import { calendarDateIn, zoneOffsetMs } from '../time/deadline.rules.ts';

/** Upload type codes (spec 9): the entry itself, or material that supports it. */
export const UPLOAD_TYPE = { main: 2, supporting: 3 } as const;
export type UploadType = (typeof UPLOAD_TYPE)[keyof typeof UPLOAD_TYPE];

/** Entry status codes (spec 4 and 9), worked out on the server and shown by the portal. */
export const ENTRY_STATUS = { complete: 1, expired: 2, incomplete: 3 } as const;
export type EntryStatus = (typeof ENTRY_STATUS)[keyof typeof ENTRY_STATUS];

export const isAllowedDocument = (fileName: string) =>
  hasExtensionIn(DOCUMENT_EXTENSIONS, fileName);
export const isAllowedMedia = (fileName: string) => hasExtensionIn(MEDIA_EXTENSIONS, fileName);

/** Spec 5: a file counts as video (played rather than opened) when its name has one of these. */
const VIDEO_MARKERS = [
  '.mp4',
  '.mov',
  '.3gp',
  '.m4a',
  '.ogg',
  '.wmv',
  '.webm',
  '.flv',
  '.avi',
  '.mpeg',
  '.wav',
];
export function isVideoFileName(fileName: string): boolean {
  const lower = fileName.toLowerCase();
  return VIDEO_MARKERS.some((marker) => lower.includes(marker));
}

/** Spec 4, Entry status: a main file makes an entry complete, whatever the date. */
export function entryStatus(hasMainFile: boolean, uploadDeadlinePassed: boolean): EntryStatus {
  if (hasMainFile) return ENTRY_STATUS.complete;
  return uploadDeadlinePassed ? ENTRY_STATUS.expired : ENTRY_STATUS.incomplete;
}

/** A part of a file name: letters and digits kept, everything else one hyphen. */
function namePart(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'x'
  );
}

export interface EntryFileNameInput {
  code: string;
  firstName: string;
  surname: string;
  /** The contestant's grade, else the entry's (spec 5). */
  grade: string;
  school: string;
  originalFileName: string;
  at: Date;
  timeZone: string;
}

/**
 * Spec 5: an uploaded file is named from the entry code, first name, surname, grade, school and
 * the date and time, so that organisers can sort thousands of files without opening them:
 * `MU101_Thandi_Nkosi_Gr7_Greenside-High_20250421-143005.mp4`.
 */
export function buildEntryFileName(input: EntryFileNameInput): string {
  const local = new Date(input.at.getTime() + zoneOffsetMs(input.at, input.timeZone));
  const date = calendarDateIn(input.at, input.timeZone).replaceAll('-', '');
  const time = local.toISOString().slice(11, 19).replaceAll(':', '');
  const extension = extensionOf(input.originalFileName);
  const stem = [
    namePart(input.code),
    namePart(input.firstName),
    namePart(input.surname),
    `Gr${namePart(input.grade)}`,
    namePart(input.school),
    `${date}-${time}`,
  ].join('_');
  return extension ? `${stem}.${extension}` : stem;
}

/** The title a new, still empty video slot carries (spec 7: the client looks for such a slot). */
export const BLANK_VIDEO_TITLE = 'New video';

/**
 * The title a video host keeps for every entry video: its player shows it to adjudicators, who
 * mark blind, so never a file name (often the child's). The server sets it; browsers send it.
 */
export const BLIND_VIDEO_TITLE = 'Entry video';

/** The tus headers that carry a video slot's upload permission (Bunny Stream's names). */
export const VIDEO_UPLOAD_HEADERS = {
  signature: 'AuthorizationSignature',
  expires: 'AuthorizationExpire',
  videoId: 'VideoId',
  libraryId: 'LibraryId',
} as const;
