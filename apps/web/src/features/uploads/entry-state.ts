import {
  ENTRY_STATUS,
  markingState,
  type MarkingState,
  type ParticipantOrderItem,
} from '@eisteddfod/shared';
import { mainFiles, supportingFiles } from './upload-checks.ts';
import { processingText, text, uploadText } from './text.ts';
import { finalisingText } from '../../shared/uploads/entry-text.ts';

/**
 * What an entry's row in the portal shows: its status, whether it still takes files, and the
 * one next step (upload, then finalise). The server decides the status and refuses anything
 * these allow by mistake; the page only shows them (decisions 009 and 028).
 */

export interface BadgeView {
  label: string;
  color: string;
}

/**
 * 'Entry Complete' is a dark blue, neither the green of 'Entry Complete & Finalised' (a complete
 * entry is not sent for marking until it is finalised, decision 043) nor the rust of 'Entry
 * Incomplete'. White on it is 6.4:1 (WCAG AA).
 */
const COMPLETE_NOT_SENT = 'blue.9';

/** Where a listed entry stands on its way to the adjudicators; the portal lists paid entries. */
export const entryMarkingState = (entry: ParticipantOrderItem): MarkingState =>
  markingState({ ...entry, isPaid: true });

/** Spec 2 and 4: the status badge (none once withdrawn), and 'Deadline Passed' on a complete entry not finalised. */
export function entryBadges(entry: ParticipantOrderItem): BadgeView[] {
  // A withdrawn entry says so ('This entry was withdrawn'), with no status badge.
  if (entry.isCancelled) return [];
  // Colours dark enough for white text at badge size (WCAG AA, 4.5:1).
  if (entry.isSubmittedForMarking)
    return [{ label: uploadText('badgeFinalised'), color: '#1e6b31' }];
  switch (entry.status) {
    case ENTRY_STATUS.complete:
      return entry.deadlinePassed
        ? [
            { label: uploadText('badgeComplete'), color: COMPLETE_NOT_SENT },
            { label: uploadText('badgeDeadlinePassed'), color: 'red.9' },
          ]
        : [{ label: uploadText('badgeComplete'), color: COMPLETE_NOT_SENT }];
    case ENTRY_STATUS.expired:
      return [{ label: uploadText('badgeDeadlinePassed'), color: 'red.9' }];
    case ENTRY_STATUS.incomplete:
      return [{ label: uploadText('badgeIncomplete'), color: '#9c3a0a' }];
  }
}

/** Spec 4, Withdrawing: uploaders only for entries not withdrawn, finalised or past the deadline. */
export const canUploadTo = (entry: ParticipantOrderItem) =>
  !entry.isCancelled &&
  !entry.isSubmittedForMarking &&
  !entry.deadlinePassed &&
  entry.status !== ENTRY_STATUS.expired;

/**
 * Spec 4: deleting is offered only when not withdrawn and before the deadline; nor once the
 * entry is finalised, as the server no longer changes a finalised entry either.
 */
export const canDeleteFrom = (entry: ParticipantOrderItem) =>
  !entry.isCancelled && !entry.deadlinePassed && !entry.isSubmittedForMarking;

/** An entry that can still be finalised or withdrawn: the footer of spec 2 offers both. */
export const isOpen = (entry: ParticipantOrderItem) =>
  !entry.isCancelled && !entry.isSubmittedForMarking && !entry.deadlinePassed;

/**
 * Where an open entry stands on the way to 'Finalise Entry' (decision 025: finalising waits for
 * processing, and needs a main file that could be read).
 */
export type FinaliseReadiness = 'no-main-file' | 'processing' | 'unreadable' | 'ready';

export function finaliseReadiness(entry: ParticipantOrderItem): FinaliseReadiness {
  const main = mainFiles(entry);
  if (main.length === 0) return 'no-main-file';
  if (entry.orderItemUploads.some((u) => !u.isDeleted && u.processing.state === 'pending')) {
    return 'processing';
  }
  if (main.every((u) => u.processing.state === 'failed')) return 'unreadable';
  return 'ready';
}

/** The row's line under the title: what to do next, in a parent's words; null when nothing is left. */
export function nextStepText(entry: ParticipantOrderItem): string | null {
  if (!isOpen(entry)) return null;
  switch (finaliseReadiness(entry)) {
    case 'no-main-file':
      return text('nextUploadMain');
    case 'processing':
      return processingText('finaliseWhileProcessing');
    case 'unreadable':
      return processingText('finaliseUnreadable');
    case 'ready':
      // Warnings (too long, no sound) do not stop finalising, but are worth a second look first.
      return entry.orderItemUploads.some((u) => !u.isDeleted && u.processing.warnings.length > 0)
        ? text('nextReadNotes')
        : text('nextCheckFiles');
  }
}

/** '1 main file, 2 supporting files' or 'No files yet': the row's count of live files. */
export function fileCountText(entry: ParticipantOrderItem): string {
  const main = mainFiles(entry).length;
  const supporting = supportingFiles(entry).length;
  if (main + supporting === 0) return text('noFilesYet');
  return supporting > 0
    ? text('fileCountBoth', { main, supporting })
    : text('fileCountMain', { main });
}

/**
 * 'Total Items: N (X of N complete)' counts the entries the family can still complete: a
 * withdrawn entry is left out of both figures and named apart (decision 028). The server
 * answers the counts for the whole year, not the page shown.
 */
export function entriesTotals(page: {
  allEntries: number;
  withdrawnEntries: number;
  completeEntries: number;
  finalisedEntries?: number | undefined;
}) {
  const counted = Math.max(0, page.allEntries - page.withdrawnEntries);
  const finalised = page.finalisedEntries;
  return {
    line: text('totals', { counted, complete: page.completeEntries }),
    // Decision 043: how many went for marking, and a warning while any did not. A previous
    // release's server (an upgrade under way) does not say; then neither line is shown.
    finalisedLine:
      finalised === undefined ? null : finalisingText('finalisedTotals', { finalised, counted }),
    notSentWarning:
      finalised === undefined || finalised >= counted
        ? null
        : finalisingText('notSentWarning', { count: counted - finalised }),
    withdrawnNote:
      page.withdrawnEntries === 0 ? null : text('withdrawnNote', { count: page.withdrawnEntries }),
  };
}
