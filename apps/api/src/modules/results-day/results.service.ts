import {
  medalFor,
  type CategoryResults,
  type EntryResult,
  type PublishOutcome,
  type PublishPreview,
  type RubricScore,
  type Section,
} from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { EntryScope } from '../../plugins/scope.ts';
import type { Jobs } from '../../plugins/jobs.ts';
import type { Outbox } from '../outbox/index.ts';
import { findPublishedWithoutCertificates } from './certificates.repository.ts';
import { CERTIFICATES_JOB, type CertificatesService } from './certificates.service.ts';
import { findEntriesForReview } from '../entries/index.ts';
import { entryCode, markStatusOf } from '../adjudication/index.ts';
import { findRubricScores } from '../adjudication/index.ts';
import { audience, publishIn } from './results.publication.ts';
import * as repo from './results.repository.ts';

export interface ResultsDependencies {
  db: Database;
  outbox: Outbox;
  certificates: CertificatesService;
  jobs: Jobs;
  publicUrl: string;
  currentEventId: () => Promise<number | undefined>;
  now: () => number;
}

const noOrderItem = (id: number) =>
  notFound('ORDER_ITEM_NOT_FOUND', `There is no order item with id ${id}`);

/** The review's entries, grouped by category in the order they come. */
function reviewByCategory(
  rows: Awaited<ReturnType<typeof findEntriesForReview>>,
): CategoryResults[] {
  const byCategory = new Map<number, CategoryResults>();
  for (const r of rows) {
    let group = byCategory.get(r.categoryId);
    if (!group) {
      group = {
        categoryId: r.categoryId,
        categoryName: r.categoryName,
        section: r.section,
        entries: [],
      };
      byCategory.set(r.categoryId, group);
    }
    const status = markStatusOf(r);
    const marked = status === 'submitted' || status === 'published';
    group.entries.push({
      orderItemId: r.orderItemId,
      entryCode: entryCode(r.orderItemId),
      itemCode: r.itemCode,
      itemTitle: r.itemTitle,
      contestant: r.groupName || `${r.firstName} ${r.surname}`,
      school: r.school,
      adjudicator: r.adjudicator,
      status,
      total: status === 'unmarked' ? null : r.markTotal,
      medal: marked && r.markTotal !== null ? medalFor(r.markTotal) : null,
      certificates: r.certificates,
    });
  }
  return [...byCategory.values()];
}

/** A family's view of an entry's result: its scores, mark and certificates once published. */
function createEntryResults(deps: ResultsDependencies) {
  const { db } = deps;

  /** The caller's own order item, or 404 (another customer's id never answers data). */
  async function ownItem(customerId: number, orderItemId: number) {
    const row = await repo.findOwnOrderItem(db, customerId, orderItemId);
    if (!row) throw noOrderItem(orderItemId);
    return row;
  }

  const publishedMark = (orderItemId: number) => repo.findPublishedMark(db, orderItemId);
  const scoresOf = (markId: number): Promise<RubricScore[]> => findRubricScores(db, markId);

  return {
    /** GET /api/OrderItems/RubricScores/{id}: the owner's scores, empty until published. */
    async rubricScores(customerId: number, orderItemId: number): Promise<RubricScore[]> {
      await ownItem(customerId, orderItemId);
      const mark = await publishedMark(orderItemId);
      return mark ? scoresOf(mark.id) : [];
    },

    /** GET /api/OrderItems/{id}/Result: everything the Results modal shows. */
    async entryResult(customerId: number, orderItemId: number): Promise<EntryResult> {
      const item = await ownItem(customerId, orderItemId);
      const mark = await publishedMark(orderItemId);
      if (!mark) {
        return {
          orderItemId,
          itemCode: item.itemCode,
          scores: [],
          total: null,
          medal: null,
          comment: null,
          certificates: [],
        };
      }
      return {
        orderItemId,
        itemCode: item.itemCode,
        scores: await scoresOf(mark.id),
        total: mark.total,
        medal: medalFor(mark.total),
        comment: mark.comment,
        certificates: await deps.certificates.linksFor(orderItemId),
      };
    },
  };
}

/** Review, publication and the families' view of results (spec 4 Results, issue 9). */
export function createResultsService(deps: ResultsDependencies) {
  const { db } = deps;

  async function eventId(): Promise<number> {
    const id = await deps.currentEventId();
    if (id === undefined) throw notFound('EVENT_NOT_FOUND', 'There is no event yet.');
    return id;
  }

  return {
    ...createEntryResults(deps),

    /** Organisers review every markable entry in scope, grouped by category (not blind). */
    async review(scope: EntryScope, section?: Section): Promise<CategoryResults[]> {
      const rows = await findEntriesForReview(db, scope, await eventId(), section);
      return reviewByCategory(rows);
    },

    /**
     * Publishes the submitted marks of a section (or of all sections): families see them from
     * now on, families are told, and each entry's certificates are made by a job
     * (CERTIFICATES_JOB), which the review shows as they come. Drafts and unmarked entries wait
     * for a later publication; publishing twice publishes only what is new. It never releases
     * the gala page nor the Section Winners, even when every section is published: only the
     * scheduled release or "Release now" does (decision 033).
     */
    async publish(organiserId: number, section?: Section): Promise<PublishOutcome> {
      const event = await eventId();
      const outcome = await publishIn(deps, event, organiserId, section ?? 'all');
      return {
        published: outcome?.published ?? 0,
        certificates: outcome?.certificates ?? 0,
        familiesNotified: outcome?.familiesNotified ?? 0,
      };
    },

    /** Who publishing the section (or all) would tell now; nothing changes. */
    async publishPreview(section?: Section): Promise<PublishPreview> {
      return audience(deps, await eventId(), section, false);
    },

    /** Who the release of the event would tell now (its newly published marks, its winners). */
    releaseAudience: (event: number) => audience(deps, event, undefined, true),

    /**
     * The release on the gala date (decision 026): the scheduled sweep's and "Release now"'s
     * one way. It claims the event first (results_released_at set in one UPDATE ... WHERE it
     * is null), in the transaction that publishes, so a job run twice, or on two instances,
     * releases once: the second finds the event claimed and does nothing (undefined).
     */
    release: (event: number, actorId: number | null, noted: Record<string, unknown> = {}) =>
      publishIn(deps, event, actorId, 'release', noted),

    /**
     * The sweep: entries published over ten minutes ago without certificates, whose job was lost
     * (the process died between publishing and queueing) or gave up. Each is queued again at
     * most once an hour, so an entry that always fails does not pile up retries.
     */
    async requeueMissingCertificates(): Promise<number> {
      const ids = await findPublishedWithoutCertificates(db, new Date(deps.now() - 10 * 60_000));
      await deps.jobs.sendMany(
        CERTIFICATES_JOB,
        ids.map((orderItemId) => ({ orderItemId })),
        { key: (d) => `entry-${(d as { orderItemId: number }).orderItemId}`, onceWithin: 3600 },
      );
      return ids.length;
    },
  };
}
