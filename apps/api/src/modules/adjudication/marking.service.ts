import {
  blindFileLabel,
  describeRubricProblem,
  markLocksAt,
  rubricProblems,
  totalOf,
  type MarkingEntry,
  type MarkingEntrySummary,
  type MarkStatus,
  type SaveMark,
} from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';
import { audit } from '../../lib/audit.repository.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { EntryScope } from '../../plugins/scope.ts';
import { findGroupMembers } from '../orders/index.ts';
import {
  findEntriesInScope,
  findLiveUploads,
  type EntryRow,
  type MediaLinks,
} from '../entries/index.ts';
import * as repo from './marks.repository.ts';
import { lockRubrics, rubricFor } from './rubrics.repository.ts';

export interface MarkingDependencies {
  db: Database;
  currentEventId: () => Promise<number | undefined>;
  /** Blind links to entry files (never the stored name, which names the contestant). */
  mediaLinks: MediaLinks;
  now: () => number;
}

/** Who is marking, and the entries their scope reaches (plugins/scope.ts). */
export interface Marker {
  customerId: number;
  entries: EntryScope;
}

const noEntry = (id: number) =>
  notFound('ENTRY_NOT_FOUND', `There is no entry E${id} for you to mark.`);

export const entryCode = (orderItemId: number) => `E${orderItemId}`;

export function markStatusOf(row: {
  markId: number | null;
  markStatus: string | null;
  publishedAt: Date | null;
}): MarkStatus {
  if (row.markId === null) return 'unmarked';
  if (row.publishedAt) return 'published';
  return row.markStatus === 'submitted' ? 'submitted' : 'draft';
}

function summary(row: EntryRow): MarkingEntrySummary {
  const status = markStatusOf(row);
  return {
    orderItemId: row.orderItemId,
    entryCode: entryCode(row.orderItemId),
    itemCode: row.itemCode,
    itemTitle: row.itemTitle,
    categoryName: row.categoryName,
    section: row.section,
    isGroupItem: row.isGroupItem,
    status,
    total: status === 'unmarked' ? null : row.markTotal,
  };
}

async function eventId(deps: MarkingDependencies): Promise<number> {
  const id = await deps.currentEventId();
  if (id === undefined) throw notFound('EVENT_NOT_FOUND', 'There is no event yet.');
  return id;
}

/** The entry when this marker may mark it; otherwise 404, whatever the reason. */
async function visibleEntry(deps: MarkingDependencies, marker: Marker, orderItemId: number) {
  const { db } = deps;
  const [row] = await findEntriesInScope(db, marker.entries, await eventId(deps), orderItemId);
  if (!row) throw noEntry(orderItemId);
  return row;
}

/**
 * Until when a submitted mark can still be changed by its adjudicator (decision 058): a few
 * minutes after its submission, never once published; null for a draft or a locked mark.
 */
function changeableUntil(
  mark: { status: string; submittedAt: Date | null; publishedAt: Date | null },
  now: number,
): Date | null {
  if (mark.status !== 'submitted' || !mark.submittedAt || mark.publishedAt) return null;
  const until = markLocksAt(mark.submittedAt);
  return until.getTime() > now ? until : null;
}

async function markOf(deps: MarkingDependencies, markId: number | null) {
  const { db } = deps;
  if (markId === null) return null;
  const mark = await repo.findMark(db, markId);
  if (!mark) return null;
  const scores = await repo.findRubricScores(db, markId);
  return {
    status: mark.status === 'submitted' ? ('submitted' as const) : ('draft' as const),
    comment: mark.comment,
    scores,
    total: mark.total,
    submittedAt: mark.submittedAt?.toISOString() ?? null,
    publishedAt: mark.publishedAt?.toISOString() ?? null,
    changeableUntil: changeableUntil(mark, deps.now())?.toISOString() ?? null,
  };
}

const markLocked = () =>
  new AppError(
    409,
    'MARK_SUBMITTED',
    'This mark has been submitted and can no longer be changed. An organiser can send it back to you.',
  );

async function detail(
  deps: MarkingDependencies,
  marker: Marker,
  orderItemId: number,
): Promise<MarkingEntry> {
  const { db, mediaLinks } = deps;
  const row = await visibleEntry(deps, marker, orderItemId);
  // Main files first, each kind in the order it arrived.
  const uploads = (await findLiveUploads(db, [orderItemId])).sort(
    (a, b) => a.uploadType - b.uploadType,
  );
  const counters = { 2: 0, 3: 0 };
  const files = uploads.map((u) => {
    const type = u.uploadType === 2 ? 2 : 3;
    counters[type]++;
    return {
      uploadId: u.id,
      // The extension of what they get: a rendition is .mp4 whatever was uploaded.
      label: blindFileLabel(
        type,
        counters[type],
        u.servedFileExtension ? `.${u.servedFileExtension}` : u.fileName,
      ),
      uploadType: type,
      isVideo: u.isVideo,
      ...mediaLinks.forAdjudicator(u),
      posterUrl: mediaLinks.poster(u),
      processing: u.processingState,
      durationSeconds: u.durationSeconds,
    } as const;
  });
  return {
    ...summary(row),
    itemDescription: row.itemDescription,
    instruments: row.instruments,
    groupSize: row.isGroupItem ? (await findGroupMembers(db, [orderItemId])).length : 1,
    files,
    rubric: await rubricFor(db, await eventId(deps), row.section),
    mark: await markOf(deps, row.markId),
  };
}

async function listEntries(
  deps: MarkingDependencies,
  marker: Marker,
): Promise<MarkingEntrySummary[]> {
  const { db } = deps;
  const rows = await findEntriesInScope(db, marker.entries, await eventId(deps));
  return rows.map(summary);
}

/** GET /api/Staff/BucketLink: a signed link to one live file of a visible entry. */
async function fileLink(
  deps: MarkingDependencies,
  marker: Marker,
  orderItemId: number,
  uploadId: number,
) {
  const { db, mediaLinks } = deps;
  await visibleEntry(deps, marker, orderItemId);
  const file = (await findLiveUploads(db, [orderItemId])).find((u) => u.id === uploadId);
  if (!file) throw notFound('FILE_NOT_FOUND', 'This file no longer exists.');
  return { url: mediaLinks.forAdjudicator(file).url };
}

/**
 * A submitted mark the adjudicator may still change (decision 058), with what it says now for
 * the audit line of the change; refused once locked, and never unsubmitted.
 */
async function submittedMark(deps: MarkingDependencies, markId: number | null) {
  const mark = markId === null ? undefined : await repo.findMark(deps.db, markId);
  if (!mark || !changeableUntil(mark, deps.now())) throw markLocked();
  const scores = await repo.findRubricScores(deps.db, mark.id);
  return {
    total: mark.total,
    comment: mark.comment,
    scores: scores.map((x) => ({ name: x.name, value: x.value })),
  };
}

/**
 * Saves the adjudicator's scores and comment as a draft, or submits them. The total is the
 * server's sum. A submitted mark can be submitted again with changes for a few minutes after
 * its first submission, then locks (decision 058; an organiser may reopen it).
 */
async function saveMark(
  deps: MarkingDependencies,
  marker: Marker,
  orderItemId: number,
  input: SaveMark,
) {
  const { db } = deps;
  const event = await eventId(deps);
  const row = await visibleEntry(deps, marker, orderItemId);
  const before = row.markStatus === 'submitted' ? await submittedMark(deps, row.markId) : null;
  // Within its minutes a submitted mark is changed by submitting it again, never unsubmitted.
  if (before && !input.submit) throw markLocked();
  const total = totalOf(input.scores);
  const now = new Date(deps.now());
  // The rubric is read, the scores checked against it and the mark written under the
  // rubrics' lock (shared by marks), so an organiser's change to the rubric comes wholly
  // before or wholly after: never between the check and the write (decision 018).
  const saved = await db.transaction(async (tx) => {
    await lockRubrics(tx, event, 'mark');
    const rubric = await rubricFor(tx, event, row.section);
    const problems = rubricProblems(rubric, input.scores, input.submit);
    if (problems.length > 0) {
      throw badRequest('INVALID_SCORES', problems.map(describeRubricProblem).join(' '));
    }
    const scores = rubric.flatMap((c, position) => {
      const score = input.scores.find((s) => s.name === c.name);
      return score ? [{ position, name: c.name, value: score.value, maxValue: c.maxValue }] : [];
    });
    const written = await repo.saveMark(tx, {
      orderItemId,
      adjudicatorId: marker.customerId,
      comment: input.comment,
      total,
      submit: input.submit,
      at: now,
      scores,
    });
    if (written)
      await audit(tx, {
        actorCustomerId: marker.customerId,
        action: before ? 'mark.changed' : input.submit ? 'mark.submitted' : 'mark.draft_saved',
        entityType: 'order_item',
        entityId: orderItemId,
        // A change after submission keeps what it replaced (decision 058).
        details: before
          ? {
              from: { total: before.total, scores: before.scores },
              to: { total, scores: scores.map((x) => ({ name: x.name, value: x.value })) },
              commentChanged: before.comment !== input.comment,
            }
          : { total },
      });
    return written;
  });
  if (!saved) throw markLocked();
  return detail(deps, marker, orderItemId);
}

/** Organisers: a submitted, unpublished mark goes back to its adjudicator as a draft. */
async function reopenMark(
  deps: MarkingDependencies,
  organiserId: number,
  orderItemId: number,
): Promise<void> {
  const { db } = deps;
  const reopened = await repo.reopenMark(db, orderItemId, new Date(deps.now()));
  if (!reopened) {
    throw new AppError(
      409,
      'MARK_NOT_REOPENABLE',
      'Only a submitted mark whose result is not published can be reopened.',
    );
  }
  await audit(db, {
    actorCustomerId: organiserId,
    action: 'mark.reopened',
    entityType: 'order_item',
    entityId: orderItemId,
  });
}

/** Blind marking (issue 9): what an adjudicator sees and saves. */
export function createMarkingService(deps: MarkingDependencies) {
  return {
    entryCode,

    listEntries: (marker: Marker) => listEntries(deps, marker),

    getEntry: (marker: Marker, orderItemId: number) => detail(deps, marker, orderItemId),

    fileLink: (marker: Marker, orderItemId: number, uploadId: number) =>
      fileLink(deps, marker, orderItemId, uploadId),

    saveMark: (marker: Marker, orderItemId: number, input: SaveMark) =>
      saveMark(deps, marker, orderItemId, input),

    reopenMark: (organiserId: number, orderItemId: number) =>
      reopenMark(deps, organiserId, orderItemId),
  };
}
