// The entries module's face (decision 010): the read side that marking, results, the uploads
// portal, the dashboard and winners share (which entries are markable, in a staff caller's scope
// or visible to an adjudicator, published; an entry's live files; links to its media). No plugin and no service:
// queries and link-making the other modules' services call with their own database handle.
export {
  countEntriesNobodyCanMark,
  countVisibleEntries,
  type EntryRow,
  entriesIn,
  findEntriesForReview,
  findEntriesInScope,
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
