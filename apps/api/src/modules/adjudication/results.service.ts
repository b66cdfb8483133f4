import {
  formatLongDate,
  medalFor,
  type CategoryResults,
  type EntryResult,
  type PublishOutcome,
  type RubricScore,
  type Section,
  paths,
} from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';
import { audit } from '../../lib/audit.repository.ts';
import { notFound } from '../../lib/errors.ts';
import type { Jobs } from '../../plugins/jobs.ts';
import { toInternationalNumber } from '../accounts/phone-numbers.ts';
import type { Outbox, OutboxMessage } from '../outbox/outbox.service.ts';
import { findPublishedWithoutCertificates } from './certificates.repository.ts';
import { CERTIFICATES_JOB, type CertificatesService } from './certificates.service.ts';
import { findEntriesForReview } from './adjudication.repository.ts';
import { entryCode, markStatusOf } from './marking.service.ts';
import { findRubricScores } from './marks.repository.ts';
import * as repo from './results.repository.ts';
import { confirmationIsCurrent } from '../results-day/winners-compute.ts';
import { findEvent } from '../results-day/winners.repository.ts';

export interface ResultsDependencies {
  db: Database;
  outbox: Outbox;
  certificates: CertificatesService;
  jobs: Jobs;
  publicUrl: string;
  currentEventId: () => Promise<number | undefined>;
  now: () => number;
}

/** One message per family (and a WhatsApp line where asked for), listing their entries now out. */
function resultMessages(
  rows: Awaited<ReturnType<typeof repo.findResultRecipients>>,
  publicUrl: string,
  filesDeletedOn: string,
  titles: Awaited<ReturnType<typeof repo.findWinnerTitles>> = [],
): { messages: OutboxMessage[]; families: number } {
  const portal = `${publicUrl}${paths.uploads.href()}`;
  const families = new Map<number, typeof rows>();
  for (const row of rows)
    families.set(row.customerId, [...(families.get(row.customerId) ?? []), row]);
  const messages: OutboxMessage[] = [];
  for (const entries of families.values()) {
    const first = entries[0]!;
    const lines = entries.map((e) => `- ${e.contestant}: ${e.itemCode} ${e.itemTitle}`);
    // Section Winners (decision 026), told at the release with the family's results.
    const won = titles
      .filter((w) => w.customerId === first.customerId)
      .flatMap((w) => [
        '',
        `Congratulations: ${w.contestant} is the Section Winner of ${w.section}, ${w.bandLabel}. The certificate is on the results page: ${publicUrl}${paths.contestantResults.href({ id: w.contestantId })}`,
      ]);
    const email = first.confirmationEmail ?? first.email;
    if (email) {
      messages.push({
        channel: 'email',
        recipient: email,
        subject: 'Your Online Eisteddfod results are out',
        body: [
          `Dear ${first.firstName},`,
          '',
          'The results of these entries are published:',
          '',
          ...lines,
          ...won,
          '',
          `See the scores, the adjudicator's comment and the certificates in the Uploads portal: ${portal} (View Result).`,
          '',
          // The retention sweep deletes them then (decision 024); certificates stay.
          `The files uploaded for these entries will be deleted after ${formatLongDate(filesDeletedOn)}. Please download any you wish to keep by then; the certificates stay available.`,
        ].join('\n'),
      });
    }
    if (entries.some((e) => e.whatsApp) && first.mobileNumber) {
      messages.push({
        channel: 'whatsapp',
        recipient: toInternationalNumber(first.mobileNumber, first.country),
        body: `Online Eisteddfod: results are out for ${entries.length} of your entries. See them in the Uploads portal: ${portal}`,
      });
    }
  }
  return { messages, families: families.size };
}

const noOrderItem = (id: number) =>
  notFound('ORDER_ITEM_NOT_FOUND', `There is no order item with id ${id}`);

/**
 * The Section Winner titles told at the release: none when the confirmed winners no longer
 * match the marks now published (a counted mark reopened, say), which the organiser is shown on
 * the Release panel to confirm again (decision 026).
 */
async function titlesAtRelease(tx: Database, eventId: number) {
  const event = await findEvent(tx, eventId);
  if (!event || !(await confirmationIsCurrent(tx, event))) return [];
  return repo.findWinnerTitles(tx, eventId);
}

/** Review, publication and the families' view of results (spec 4 Results, issue 9). */
export function createResultsService(deps: ResultsDependencies) {
  const { db, outbox } = deps;

  async function eventId(): Promise<number> {
    const id = await deps.currentEventId();
    if (id === undefined) throw notFound('EVENT_NOT_FOUND', 'There is no event yet.');
    return id;
  }

  /** The caller's own order item, or 404 (another customer's id never answers data). */
  async function ownItem(customerId: number, orderItemId: number) {
    const row = await repo.findOwnOrderItem(db, customerId, orderItemId);
    if (!row) throw noOrderItem(orderItemId);
    return row;
  }

  /**
   * Publication, one function for every path: a section or all of them by hand, or the release.
   * `'release'` publishes only if it claims the event's release; `'all'` releases the event too
   * when it has not been released. The marks, the families' messages, the claim and the audit
   * line commit together: a crash leaves either all of them or none. Jobs are sent after the
   * commit (plugins/jobs.ts); one lost with the process is made up by the certificates sweep
   * and the outbox's.
   */
  async function publishIn(
    event: number,
    actorId: number | null,
    scope: Section | 'all' | 'release',
  ): Promise<(PublishOutcome & { releasedAt: Date }) | undefined> {
    const now = new Date(deps.now());
    const section = scope === 'all' || scope === 'release' ? undefined : scope;
    const done = await db.transaction(async (tx) => {
      const claimed = section ? false : await repo.claimRelease(tx, event, now);
      if (scope === 'release' && !claimed) return undefined;
      const ids = await repo.publishSubmittedMarks(tx, event, section, now);
      const filesDeletedOn = await repo.filesDeletedOn(tx, event, now);
      const told =
        ids.length === 0
          ? { messages: [], families: 0 }
          : resultMessages(
              await repo.findResultRecipients(tx, ids),
              deps.publicUrl,
              filesDeletedOn,
              claimed ? await titlesAtRelease(tx, event) : [],
            );
      await outbox.enqueueWithin(tx, told.messages);
      await audit(tx, {
        actorCustomerId: actorId,
        action: scope === 'release' ? 'results.released' : 'results.published',
        entityType: 'event',
        entityId: event,
        details: { section: section ?? 'all', entries: ids.length, released: claimed },
      });
      return { ids, ...told };
    });
    if (!done) return undefined;
    const { ids, messages, families } = done;
    // The families' messages first: they are committed, and should a queue's send fail, the
    // sweeps still catch both (the outbox's, and the missing certificates').
    if (messages.length > 0) outbox.deliverSoon(messages.length);
    await deps.jobs.sendMany(
      CERTIFICATES_JOB,
      ids.map((orderItemId) => ({ orderItemId })),
    );
    return {
      published: ids.length,
      certificates: ids.length,
      familiesNotified: families,
      releasedAt: now,
    };
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

    /** Organisers review every markable entry, grouped by category (not blind). */
    async review(section?: Section): Promise<CategoryResults[]> {
      const rows = await findEntriesForReview(db, await eventId(), section);
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
    },

    /**
     * Publishes the submitted marks of a section (or of all sections): families see them from
     * now on, families are told, and each entry's certificates are made by a job
     * (CERTIFICATES_JOB), which the review shows as they come. Drafts and unmarked entries wait
     * for a later publication; publishing twice publishes only what is new. Publishing every
     * section by hand releases the event's results (the gala page opens, decision 026) if the
     * release has not happened yet.
     */
    async publish(organiserId: number, section?: Section): Promise<PublishOutcome> {
      const event = await eventId();
      const outcome = await publishIn(event, organiserId, section ?? 'all');
      return {
        published: outcome?.published ?? 0,
        certificates: outcome?.certificates ?? 0,
        familiesNotified: outcome?.familiesNotified ?? 0,
      };
    },

    /**
     * The release on the gala date (decision 026): the scheduled sweep's and "Release now"'s
     * one way. It claims the event first (results_released_at set in one UPDATE ... WHERE it
     * is null), in the transaction that publishes, so a job run twice, or on two instances,
     * releases once: the second finds the event claimed and does nothing (undefined).
     */
    release: (event: number, actorId: number | null) => publishIn(event, actorId, 'release'),

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
