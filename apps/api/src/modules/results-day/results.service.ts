import {
  formatLongDate,
  medalFor,
  type CategoryResults,
  type EntryResult,
  type PublishOutcome,
  type PublishPreview,
  type RubricScore,
  type Section,
  paths,
} from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';
import { audit } from '../../lib/audit.repository.ts';
import { notFound } from '../../lib/errors.ts';
import type { EntryScope } from '../../plugins/scope.ts';
import type { Jobs } from '../../plugins/jobs.ts';
import { provedAddresses } from '../accounts/index.ts';
import type { Outbox, OutboxMessage } from '../outbox/index.ts';
import { findPublishedWithoutCertificates } from './certificates.repository.ts';
import { CERTIFICATES_JOB, type CertificatesService } from './certificates.service.ts';
import { findEntriesForReview } from '../entries/index.ts';
import { entryCode, markStatusOf } from '../adjudication/index.ts';
import { findRubricScores } from '../adjudication/index.ts';
import * as repo from './results.repository.ts';
import { confirmationIsCurrent } from './winners-compute.ts';
import { findEvent } from './winners.repository.ts';

export interface ResultsDependencies {
  db: Database;
  outbox: Outbox;
  certificates: CertificatesService;
  jobs: Jobs;
  publicUrl: string;
  currentEventId: () => Promise<number | undefined>;
  now: () => number;
}

/**
 * One message per family (and a WhatsApp line where asked for), listing their entries now out,
 * and at the release each of the family's Section Winners: a winner's family whose marks were
 * all published earlier by hand is congratulated all the same (decision 033).
 */
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
  for (const w of titles) if (!families.has(w.customerId)) families.set(w.customerId, []);
  const messages: OutboxMessage[] = [];
  for (const [customerId, entries] of families) {
    const won = titles.filter((w) => w.customerId === customerId);
    const congratulations = won.flatMap((w) => [
      '',
      `Congratulations: ${w.contestant} is the Section Winner of ${w.section}, ${w.bandLabel}. The certificate is on the results page: ${publicUrl}${paths.contestantResults.href({ id: w.contestantId })}`,
    ]);
    const first = entries[0];
    if (!first) {
      // Only a title to tell: the results of the family's entries went out earlier.
      const w = won[0]!;
      // The family's own proved addresses only (decision 031).
      const provedOfWinner = provedAddresses(w);
      if (provedOfWinner.email)
        messages.push({
          channel: 'email',
          recipient: provedOfWinner.email,
          subject: 'Your Online Eisteddfod results are out',
          body: [`Dear ${w.firstName},`, ...congratulations].join('\n'),
        });
      else if (provedOfWinner.mobile)
        // A family that signs in with its mobile number has no email address.
        messages.push({
          channel: 'whatsapp',
          recipient: provedOfWinner.mobile,
          body: `Online Eisteddfod: ${won.map((x) => `${x.contestant} is the Section Winner of ${x.section}, ${x.bandLabel}`).join('; ')}. See the results page: ${publicUrl}${paths.contestantResults.href({ id: w.contestantId })}`,
        });
      continue;
    }
    const lines = entries.map((e) => `- ${e.contestant}: ${e.itemCode} ${e.itemTitle}`);
    // The family's own proved addresses only (decision 031); an order's confirmation address
    // is the one the family gave at checkout for this order (spec 4).
    const proved = provedAddresses(first);
    const email = first.confirmationEmail ?? proved.email;
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
          ...congratulations,
          '',
          `See the scores, the adjudicator's comment and the certificates in the Uploads portal: ${portal} (View Result).`,
          '',
          // The retention sweep deletes them then (decision 024); certificates stay.
          `The files uploaded for these entries will be deleted after ${formatLongDate(filesDeletedOn)}. Please download any you wish to keep by then; the certificates stay available.`,
        ].join('\n'),
      });
    }
    if (entries.some((e) => e.whatsApp) && proved.mobile) {
      messages.push({
        channel: 'whatsapp',
        recipient: proved.mobile,
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
   * Only `'release'` claims the event's release, and publishes only if it does; publishing by
   * hand, a section or all of them, never releases the gala page nor the Section Winners
   * (decision 033). The marks, the families' messages, the claim and the audit
   * line commit together: a crash leaves either all of them or none. Jobs are sent after the
   * commit (plugins/jobs.ts); one lost with the process is made up by the certificates sweep
   * and the outbox's.
   */
  async function publishIn(
    event: number,
    actorId: number | null,
    scope: Section | 'all' | 'release',
    noted: Record<string, unknown> = {},
  ): Promise<(PublishOutcome & { releasedAt: Date }) | undefined> {
    const now = new Date(deps.now());
    const section = scope === 'all' || scope === 'release' ? undefined : scope;
    const done = await db.transaction(async (tx) => {
      const claimed = scope === 'release' && (await repo.claimRelease(tx, event, now));
      if (scope === 'release' && !claimed) return undefined;
      const ids = await repo.publishSubmittedMarks(tx, event, section, now);
      const filesDeletedOn = await repo.filesDeletedOn(tx, event, now);
      const titles = claimed ? await titlesAtRelease(tx, event) : [];
      const told =
        ids.length === 0 && titles.length === 0
          ? { messages: [], families: 0 }
          : resultMessages(
              ids.length === 0 ? [] : await repo.findResultRecipients(tx, ids),
              deps.publicUrl,
              filesDeletedOn,
              titles,
            );
      await outbox.enqueueWithin(tx, told.messages);
      await audit(tx, {
        actorCustomerId: actorId,
        action: scope === 'release' ? 'results.released' : 'results.published',
        entityType: 'event',
        entityId: event,
        details: { section: section ?? 'all', entries: ids.length, released: claimed, ...noted },
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

  /**
   * Who a publication (or the release) would tell now, counted from the very messages it would
   * queue (decision 033): the dialogs that ask first say it.
   */
  async function audience(
    event: number,
    section: Section | undefined,
    atRelease: boolean,
  ): Promise<PublishPreview> {
    const ids = await repo.findPublishableMarks(db, event, section);
    const rows = ids.length === 0 ? [] : await repo.findResultRecipients(db, ids);
    const titles = atRelease ? await titlesAtRelease(db, event) : [];
    const filesDeletedOn = await repo.filesDeletedOn(db, event, new Date(deps.now()));
    const { messages, families } = resultMessages(rows, deps.publicUrl, filesDeletedOn, titles);
    return {
      marks: ids.length,
      contestants: new Set([...rows, ...titles].map((r) => r.contestantId)).size,
      families,
      byEmail: messages.filter((m) => m.channel === 'email').length,
      byWhatsApp: messages.filter((m) => m.channel === 'whatsapp').length,
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

    /** Organisers review every markable entry in scope, grouped by category (not blind). */
    async review(scope: EntryScope, section?: Section): Promise<CategoryResults[]> {
      const rows = await findEntriesForReview(db, scope, await eventId(), section);
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
     * for a later publication; publishing twice publishes only what is new. It never releases
     * the gala page nor the Section Winners, even when every section is published: only the
     * scheduled release or "Release now" does (decision 033).
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

    /** Who publishing the section (or all) would tell now; nothing changes. */
    async publishPreview(section?: Section): Promise<PublishPreview> {
      return audience(await eventId(), section, false);
    },

    /** Who the release of the event would tell now (its newly published marks, its winners). */
    releaseAudience: (event: number) => audience(event, undefined, true),

    /**
     * The release on the gala date (decision 026): the scheduled sweep's and "Release now"'s
     * one way. It claims the event first (results_released_at set in one UPDATE ... WHERE it
     * is null), in the transaction that publishes, so a job run twice, or on two instances,
     * releases once: the second finds the event claimed and does nothing (undefined).
     */
    release: (event: number, actorId: number | null, noted: Record<string, unknown> = {}) =>
      publishIn(event, actorId, 'release', noted),

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
