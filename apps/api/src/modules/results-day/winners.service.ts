import {
  type ConfirmedWinners,
  type WinnersPreview,
  type WinnersRule,
  type WinnersRuleSettings,
} from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';
import { audit } from '../../lib/audit.repository.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { FileStorage } from '../../providers/storage/file-storage.ts';
import type { CertificatesService } from './certificates.service.ts';
import { makeWinnerCertificate, shareWinnerCertificate } from './winner-certificates.ts';
import { computeWinners, confirmedToken, ruleOf } from './winners-compute.ts';
import { DELETION_GRACE_MS, queueFileDeletions } from '../data-rights/index.ts';
import * as repo from './winners.repository.ts';

export interface WinnersDependencies {
  db: Database;
  storage: FileStorage;
  certificates: CertificatesService;
  publicUrl: string;
  now: () => number;
}

const stale = () =>
  new AppError(
    409,
    'WINNERS_PREVIEW_STALE',
    'The marks or the rule have changed since this preview. Please preview the winners again.',
  );

export const noEvent = (id: number) =>
  notFound('EVENT_NOT_FOUND', `There is no event with id ${id}`);

type Deps = WinnersDependencies;
type Computed = Awaited<ReturnType<typeof computeWinners>>;

async function eventOf(deps: Deps, eventId: number) {
  const event = await repo.findEvent(deps.db, eventId);
  if (!event) throw noEvent(eventId);
  return event;
}

async function confirmed(deps: Deps, event: repo.ResultsDayEvent): Promise<ConfirmedWinners> {
  const rows = await repo.findCurrentWinners(deps.db, event.id);
  return {
    confirmedAt: event.winnersConfirmedAt?.toISOString() ?? null,
    winners: rows.map((w) => ({
      id: w.id,
      section: w.section,
      bandLabel: w.bandLabel,
      contestantId: w.contestantId,
      contestant: `${w.firstName} ${w.surname}`,
      school: w.school,
      grade: w.grade,
      score: w.score,
      entries: w.entries,
      certificate: shareWinnerCertificate(deps.certificates, w),
    })),
  };
}

async function rule(deps: Deps, eventId: number): Promise<WinnersRuleSettings> {
  const event = await eventOf(deps, eventId);
  return {
    rule: ruleOf(event),
    isDefault: event.winnersRule === null,
    updatedAt: event.winnersRuleUpdatedAt?.toISOString() ?? null,
  };
}

async function saveRule(deps: Deps, organiserId: number, eventId: number, newRule: WinnersRule) {
  const event = await eventOf(deps, eventId);
  const at = new Date(deps.now());
  await deps.db.transaction(async (tx) => {
    await repo.saveRule(tx, eventId, newRule, at);
    await audit(tx, {
      actorCustomerId: organiserId,
      action: 'winners.rule_changed',
      entityType: 'event',
      entityId: eventId,
      details: { before: ruleOf(event), after: newRule },
    });
  });
  return rule(deps, eventId);
}

async function preview(deps: Deps, eventId: number): Promise<WinnersPreview> {
  const event = await eventOf(deps, eventId);
  const computed = await computeWinners(deps.db, event);
  const current = await repo.findCurrentWinners(deps.db, eventId);
  return {
    rule: computed.rule,
    previewToken: computed.token,
    bands: computed.bands,
    unpublishedMarks: computed.unpublished,
    confirmedAt: event.winnersConfirmedAt?.toISOString() ?? null,
    confirmedMatchesPreview:
      event.winnersConfirmedAt !== null &&
      confirmedToken(computed.rule, current) === computed.token,
  };
}

/**
 * The winners and their certificates `made`, frozen in one transaction in place of the earlier
 * ones, whose certificates' files are queued for deletion.
 */
function freeze(
  deps: Deps,
  organiserId: number,
  eventId: number,
  previewToken: string,
  computed: Computed,
  made: repo.NewCertificate[],
  at: Date,
) {
  return deps.db.transaction(async (tx) => {
    const keys = await repo.replaceWinners(
      tx,
      eventId,
      // With the event's row locked: a mark changed while the PDFs were made (or the
      // release, which changes which marks count) is not frozen unseen.
      async () => {
        const now = (await repo.findEvent(tx, eventId))!;
        if ((await computeWinners(tx, now)).token !== previewToken) throw stale();
      },
      computed.winners.map((w) => ({
        eventId,
        participantProfileId: w.line.contestantId,
        bestOrderItemId: w.bestOrderItemId,
        section: w.section,
        bandName: w.bandName,
        bandLabel: w.bandLabel,
        score: w.line.score,
        entries: w.line.entries,
        confirmedAt: at,
        confirmedBy: organiserId,
      })),
      (i, winnerId) => ({ ...made[i]!, sectionWinnerId: winnerId }),
      at,
    );
    await audit(tx, {
      actorCustomerId: organiserId,
      action: 'winners.confirmed',
      entityType: 'event',
      entityId: eventId,
      details: {
        rule: computed.rule,
        winners: computed.winners.map((w) => ({
          section: w.section,
          band: w.bandName,
          contestantId: w.line.contestantId,
          score: w.line.score,
        })),
      },
    });
    // The replaced certificates' files go after a grace period (decision 036): a backup
    // whose dump still names them finds them when it copies the files.
    await queueFileDeletions(
      tx,
      keys.map((key) => ({ store: 'files' as const, key })),
      new Date(deps.now() + DELETION_GRACE_MS),
    );
  });
}

/**
 * Freezes the winners the organiser previewed (409 when the marks or the rule changed since)
 * and makes each a certificate. The PDFs are made and stored first, then the rows replace
 * the earlier winners in one transaction, which queues the replaced certificates' files for
 * deletion after a grace period.
 */
async function confirm(deps: Deps, organiserId: number, eventId: number, previewToken: string) {
  const event = await eventOf(deps, eventId);
  const computed = await computeWinners(deps.db, event);
  if (computed.token !== previewToken) throw stale();
  const at = new Date(deps.now());
  const made: repo.NewCertificate[] = [];
  for (const w of computed.winners) {
    made.push(await makeWinnerCertificate(deps, event, w, at));
  }
  await freeze(deps, organiserId, eventId, previewToken, computed, made, at).catch(
    async (error: unknown) => {
      // Nothing was frozen: the PDFs made for it go.
      for (const c of made) await deps.storage.delete(c.storageKey);
      throw error;
    },
  );
  return confirmed(deps, (await repo.findEvent(deps.db, eventId))!);
}

/** Section winners: the event's rule, the preview, and confirmation with certificates. */
export function createWinnersService(deps: WinnersDependencies) {
  return {
    rule: (eventId: number) => rule(deps, eventId),
    saveRule: (organiserId: number, eventId: number, newRule: WinnersRule) =>
      saveRule(deps, organiserId, eventId, newRule),
    preview: (eventId: number) => preview(deps, eventId),
    confirmed: async (eventId: number) => confirmed(deps, await eventOf(deps, eventId)),
    confirm: (organiserId: number, eventId: number, previewToken: string) =>
      confirm(deps, organiserId, eventId, previewToken),
  };
}
