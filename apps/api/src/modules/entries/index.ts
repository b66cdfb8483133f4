// The entries module's face (decision 010): what other modules may use of it.
export {
  countVisibleEntries,
  type EntryRow,
  findEntriesForAdjudicator,
  findEntriesForReview,
  isMarkable,
  isVisibleTo,
  publishedOrderItemIds,
} from './entries.repository.ts';
export {
  createMediaLinks,
  type MediaAudience,
  mediaFileId,
  type MediaLinks,
  posterFileId,
  posterLink,
  servedFileName,
  thumbnailFileId,
} from './media-links.ts';
export { findLiveUploads, type UploadRow } from './entry-files.repository.ts';
