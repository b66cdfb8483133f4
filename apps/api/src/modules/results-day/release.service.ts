import { releaseInstant, type ReleaseOutcome, type ResultsRelease } from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';
import { audit } from '../../lib/audit.repository.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import type { createResultsService } from '../adjudication/results.service.ts';
import {
  countUnpublishedMarks,
  findScheduledReleases,
  setReleaseTime,
} from './release.repository.ts';
import { confirmationIsCurrent } from './winners-compute.ts';
import * as repo from './winners.repository.ts';
import { noEvent } from './winners.service.ts';

export interface ReleaseDependencies {
  db: Database;
  results: ReturnType<typeof createResultsService>;
  now: () => number;
  /** The live event (EVENT_ID's, or the one organisers made live): the only one released. */
  currentEventId: () => Promise<number | undefined>;
  /** Told after a release (the gala page's cache). */
  onReleased: (eventId: number) => void;
}

/** The instant an event's results are released, or null when not scheduled. */
export function releaseAtOf(event: {
  galaAwards: string;
  resultsReleaseTime: string | null;
  timeZone: string;
}): Date | null {
  return event.resultsReleaseTime
    ? releaseInstant(event.galaAwards, event.resultsReleaseTime, event.timeZone)
    : null;
}

/**
 * How late the sweep may still release: a release time further back was missed (the server
 * was down, or the time was put in the past) and is left for an organiser's "Release now".
 */
const RELEASE_SWEEP_WINDOW_MS = 60 * 60_000;

const alreadyReleased = () =>
  new AppError(409, 'RESULTS_ALREADY_RELEASED', 'The results of this event have been released.');

/**
 * The release of results on the gala date (decision 026): organisers schedule a time of day, a
 * sweep each minute releases every event whose time has passed, and "Release now" does the same
 * by hand. All go through the results service's one publication function, which claims the
 * event first, so whatever runs twice releases once.
 */
export function createReleaseService(deps: ReleaseDependencies) {
  const { db } = deps;

  async function eventOf(eventId: number) {
    const event = await repo.findEvent(db, eventId);
    if (!event) throw noEvent(eventId);
    return event;
  }

  async function state(eventId: number): Promise<ResultsRelease> {
    const event = await eventOf(eventId);
    return {
      timeZone: event.timeZone,
      galaDate: event.galaAwards,
      releaseTime: event.resultsReleaseTime,
      releaseAt: releaseAtOf(event)?.toISOString() ?? null,
      releasedAt: event.resultsReleasedAt?.toISOString() ?? null,
      unpublishedMarks: await countUnpublishedMarks(db, eventId),
      now: new Date(deps.now()).toISOString(),
      winnersNeedConfirming:
        event.winnersConfirmedAt !== null && !(await confirmationIsCurrent(db, event)),
    };
  }

  async function release(eventId: number, actorId: number | null) {
    const outcome = await deps.results.release(eventId, actorId);
    if (outcome) deps.onReleased(eventId);
    return outcome;
  }

  return {
    state,

    async schedule(organiserId: number, eventId: number, releaseTime: string | null) {
      const event = await eventOf(eventId);
      if (event.resultsReleasedAt) throw alreadyReleased();
      // A time already past would be released by the next sweep, unasked: "Release now" is
      // the way to release at once, with its question first.
      const at = releaseAtOf({ ...event, resultsReleaseTime: releaseTime });
      if (at && at.getTime() <= deps.now())
        throw badRequest(
          'RELEASE_TIME_PASSED',
          'This time has passed on the gala date. Choose a later time, or use Release now.',
        );
      await db.transaction(async (tx) => {
        await setReleaseTime(tx, eventId, releaseTime);
        await audit(tx, {
          actorCustomerId: organiserId,
          action: 'results.release_scheduled',
          entityType: 'event',
          entityId: eventId,
          details: { before: event.resultsReleaseTime, after: releaseTime },
        });
      });
      return state(eventId);
    },

    async releaseNow(organiserId: number, eventId: number): Promise<ReleaseOutcome> {
      await eventOf(eventId);
      const outcome = await release(eventId, organiserId);
      if (!outcome) throw alreadyReleased();
      return { ...outcome, releasedAt: outcome.releasedAt.toISOString() };
    },

    /**
     * The sweep: releases the live event when its scheduled time has passed on the app's clock
     * by less than RELEASE_SWEEP_WINDOW_MS and it is not released yet. Other events (a copy, a
     * past year) are never released by it. The number released (0 when another run got there
     * first).
     */
    async releaseDue(): Promise<number> {
      const now = deps.now();
      const live = await deps.currentEventId();
      const scheduled = await findScheduledReleases(db);
      let released = 0;
      for (const event of scheduled) {
        if (event.id !== live) continue;
        const at = releaseAtOf(event)?.getTime();
        if (at === undefined || at > now || now - at > RELEASE_SWEEP_WINDOW_MS) continue;
        if (await release(event.id, null)) released++;
      }
      return released;
    },
  };
}
