import {
  CONTESTANT_TEXT,
  EVENT_TEXT,
  hasPassedUploadDeadline,
  markingState,
  medalFor,
  type ContestantResults,
} from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { CertificatesService } from './certificates.service.ts';
import { shareWinnerCertificate } from './winner-certificates.ts';
import { findRubricScores } from '../adjudication/index.ts';
import { findEntries, findOwnProfile } from './contestant-results.repository.ts';
import { releaseAtOf } from './release.service.ts';
import { confirmationIsCurrent } from './winners-compute.ts';
import * as repo from './winners.repository.ts';

export interface ContestantResultsDependencies {
  db: Database;
  certificates: CertificatesService;
  currentEventId: () => Promise<number | undefined>;
  now: () => number;
}

const noProfile = (id: number) =>
  notFound('PROFILE_NOT_FOUND', CONTESTANT_TEXT.say('noProfile', { id: String(id) }));

/**
 * A family's results page for one of its contestants (decision 026): every paid entry of the
 * live event, each with its rubric, comment, medal and certificates once published, and the
 * contestant's Section Winner titles once the event's results are released. Another family's
 * contestant answers 404, as everywhere.
 */
export function createContestantResultsService(deps: ContestantResultsDependencies) {
  const { db } = deps;
  return {
    async results(customerId: number, contestantId: number): Promise<ContestantResults> {
      const profile = await findOwnProfile(db, customerId, contestantId);
      if (!profile) throw noProfile(contestantId);
      const eventId = await deps.currentEventId();
      const event = eventId === undefined ? undefined : await repo.findEvent(db, eventId);
      if (!event) throw notFound('EVENT_NOT_FOUND', EVENT_TEXT.say('noEventSoFar'));

      const entries = await Promise.all(
        (await findEntries(db, event.id, contestantId)).map(async (e) => {
          const published = e.publishedAt !== null && e.markId !== null && e.total !== null;
          return {
            orderItemId: e.orderItemId,
            itemCode: e.itemCode,
            itemTitle: e.itemTitle,
            section: e.section,
            categoryName: e.categoryName,
            published,
            scores: published ? await findRubricScores(db, e.markId!) : [],
            total: published ? e.total : null,
            medal: published ? medalFor(e.total!) : null,
            comment: published ? e.comment : null,
            certificates: published ? await deps.certificates.sharesFor(e.orderItemId) : [],
            markingState: markingState({
              isPaid: true,
              isCancelled: false,
              isSubmittedForMarking: e.isSubmittedForMarking,
              deadlinePassed: hasPassedUploadDeadline(
                e.dueDate,
                new Date(deps.now()),
                event.timeZone,
              ),
            }),
          };
        }),
      );
      const released = event.resultsReleasedAt !== null;
      // As on the gala page: stale winners hold no title until confirmed again.
      const titles =
        released && (await confirmationIsCurrent(db, event))
          ? (await repo.findCurrentWinners(db, event.id))
              .filter((w) => w.contestantId === contestantId)
              .map((w) => ({
                section: w.section,
                bandLabel: w.bandLabel,
                score: w.score,
                certificate: shareWinnerCertificate(deps.certificates, w),
              }))
          : [];
      return {
        contestantId,
        firstName: profile.firstName,
        surname: profile.surname,
        eventName: event.name,
        releaseAt: (event.resultsReleasedAt ?? releaseAtOf(event))?.toISOString() ?? null,
        released,
        entries,
        titles,
      };
    },
  };
}
