import type { PublishOutcome, PublishPreview, Section } from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';
import { audit } from '../../lib/audit.repository.ts';
import { CERTIFICATES_JOB } from './certificates.service.ts';
import { resultMessages } from './results.messages.ts';
import * as repo from './results.repository.ts';
import type { ResultsDependencies } from './results.service.ts';
import { confirmationIsCurrent } from './winners-compute.ts';
import { findEvent } from './winners.repository.ts';

// Publishing results and releasing them (decisions 026 and 033), and who either would tell.

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

/**
 * Publication, one function for every path: a section or all of them by hand, or the release.
 * Only `'release'` claims the event's release, and publishes only if it does; publishing by
 * hand, a section or all of them, never releases the gala page nor the Section Winners
 * (decision 033). The marks, the families' messages, the claim and the audit
 * line commit together: a crash leaves either all of them or none. Jobs are sent after the
 * commit (plugins/jobs.ts); one lost with the process is made up by the certificates sweep
 * and the outbox's.
 */
export async function publishIn(
  deps: ResultsDependencies,
  event: number,
  actorId: number | null,
  scope: Section | 'all' | 'release',
  noted: Record<string, unknown> = {},
): Promise<(PublishOutcome & { releasedAt: Date }) | undefined> {
  const { db, outbox } = deps;
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
export async function audience(
  deps: ResultsDependencies,
  event: number,
  section: Section | undefined,
  atRelease: boolean,
): Promise<PublishPreview> {
  const { db } = deps;
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
