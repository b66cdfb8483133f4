import {
  RELEASE_WITHDRAW_MINUTES,
  releaseInstant,
  type ReleaseOutcome,
  type ReleasePreview,
  type ReleaseProblem,
  type ReleaseProblemCode,
  type ResultsRelease,
} from '@eisteddfod/shared';
import type { Database } from '../../db/client.ts';
import { audit } from '../../lib/audit.repository.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import type { createResultsService } from './results.service.ts';
import type { createGalaService } from './gala.service.ts';
import {
  countUnmarkedEntries,
  countUnpublishedMarks,
  findScheduledReleases,
  setReleaseTime,
  withdrawRelease,
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
  /** The gala page: what a release would show, and its cache, forgotten after a change. */
  gala: Pick<ReturnType<typeof createGalaService>, 'asReleased' | 'forget'>;
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

const WITHDRAW_MS = RELEASE_WITHDRAW_MINUTES * 60_000;

const notWithdrawable = (message: string) => new AppError(409, 'RELEASE_NOT_WITHDRAWABLE', message);

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const alreadyReleased = () =>
  new AppError(409, 'RESULTS_ALREADY_RELEASED', 'The results of this event have been released.');

type Deps = ReleaseDependencies;

async function eventOf(deps: Deps, eventId: number) {
  const event = await repo.findEvent(deps.db, eventId);
  if (!event) throw noEvent(eventId);
  return event;
}

async function state(deps: Deps, eventId: number): Promise<ResultsRelease> {
  const { db } = deps;
  const event = await eventOf(deps, eventId);
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
    withdrawableUntil:
      event.resultsReleasedAt && deps.now() <= event.resultsReleasedAt.getTime() + WITHDRAW_MS
        ? new Date(event.resultsReleasedAt.getTime() + WITHDRAW_MS).toISOString()
        : null,
  };
}

async function release(
  deps: Deps,
  eventId: number,
  actorId: number | null,
  noted: Record<string, unknown> = {},
) {
  const outcome = await deps.results.release(eventId, actorId, noted);
  if (outcome) deps.gala.forget(eventId);
  return outcome;
}

/** What the release would go ahead without (decision 033), each said in a sentence. */
async function problemsOf(deps: Deps, event: repo.ResultsDayEvent): Promise<ReleaseProblem[]> {
  const { db } = deps;
  const problems: ReleaseProblem[] = [];
  if (event.winnersConfirmedAt === null)
    problems.push({
      code: 'WINNERS_UNCONFIRMED',
      message: 'No Section Winners are confirmed: the gala page would name no winners.',
    });
  else if (!(await confirmationIsCurrent(db, event)))
    problems.push({
      code: 'WINNERS_NEED_CONFIRMING',
      message:
        'The confirmed Section Winners no longer match the marks: the gala page would name no winners until you confirm them again.',
    });
  const unmarked = await countUnmarkedEntries(db, event.id);
  if (unmarked > 0)
    problems.push({
      code: 'MARKING_INCOMPLETE',
      message: `${plural(unmarked, 'entry is', 'entries are')} not marked yet (or only as a draft): ${unmarked === 1 ? 'its result is' : 'their results are'} neither published nor counted.`,
    });
  return problems;
}

async function schedule(
  deps: Deps,
  organiserId: number,
  eventId: number,
  releaseTime: string | null,
) {
  const event = await eventOf(deps, eventId);
  if (event.resultsReleasedAt) throw alreadyReleased();
  // A time already past would be released by the next sweep, unasked: "Release now" is
  // the way to release at once, with its question first.
  const at = releaseAtOf({ ...event, resultsReleaseTime: releaseTime });
  if (at && at.getTime() <= deps.now())
    throw badRequest(
      'RELEASE_TIME_PASSED',
      'This time has passed on the gala date. Choose a later time, or use Release now.',
    );
  await deps.db.transaction(async (tx) => {
    await setReleaseTime(tx, eventId, releaseTime);
    await audit(tx, {
      actorCustomerId: organiserId,
      action: 'results.release_scheduled',
      entityType: 'event',
      entityId: eventId,
      details: { before: event.resultsReleaseTime, after: releaseTime },
    });
  });
  return state(deps, eventId);
}

/** Exactly what releasing now makes public and who is told, and what is missing. */
async function preview(deps: Deps, eventId: number): Promise<ReleasePreview> {
  const event = await eventOf(deps, eventId);
  if (event.resultsReleasedAt) throw alreadyReleased();
  const shown = await deps.gala.asReleased(eventId);
  return {
    sections: shown.sections,
    winners: shown.winners,
    showcase: shown.showcase.map(({ section, bandLabel, name, itemCode, itemTitle, kind }) => ({
      section,
      bandLabel,
      name,
      itemCode,
      itemTitle,
      kind,
    })),
    told: await deps.results.releaseAudience(eventId),
    problems: await problemsOf(deps, event),
  };
}

/**
 * "Release now": refused (409 RELEASE_NEEDS_ACKNOWLEDGEMENT, naming them) while a problem
 * is there that the organiser did not acknowledge, so a problem that arose after the preview
 * is asked about again. What was acknowledged is kept in the release's audit line.
 */
async function releaseNow(
  deps: Deps,
  organiserId: number,
  eventId: number,
  acknowledge: readonly ReleaseProblemCode[] = [],
): Promise<ReleaseOutcome> {
  const event = await eventOf(deps, eventId);
  if (event.resultsReleasedAt) throw alreadyReleased();
  const problems = await problemsOf(deps, event);
  const unasked = problems.filter((p) => !acknowledge.includes(p.code));
  if (unasked.length > 0)
    throw new AppError(
      409,
      'RELEASE_NEEDS_ACKNOWLEDGEMENT',
      `Not released: ${unasked.map((p) => p.message).join(' ')} Release again, acknowledging this, to go ahead.`,
    );
  const outcome = await release(deps, eventId, organiserId, {
    acknowledged: problems.map((p) => p.code),
  });
  if (!outcome) throw alreadyReleased();
  return { ...outcome, releasedAt: outcome.releasedAt.toISOString() };
}

/**
 * Takes the gala page back from public view within RELEASE_WITHDRAW_MINUTES of its release
 * (decision 033): it says again when results come out, and Section Winners are held back
 * everywhere the release shows them. Marks stay published and messages sent stay sent. A
 * scheduled time already past is cleared, or the sweep would release again at once.
 */
async function withdraw(deps: Deps, organiserId: number, eventId: number): Promise<ResultsRelease> {
  const event = await eventOf(deps, eventId);
  const releasedAt = event.resultsReleasedAt;
  if (!releasedAt) throw notWithdrawable('The results of this event are not released.');
  if (deps.now() > releasedAt.getTime() + WITHDRAW_MS)
    throw notWithdrawable(
      `The gala page was released more than ${RELEASE_WITHDRAW_MINUTES} minutes ago and can no longer be withdrawn.`,
    );
  const at = releaseAtOf(event);
  const clearTime = at !== null && at.getTime() <= deps.now();
  await deps.db.transaction(async (tx) => {
    if (!(await withdrawRelease(tx, eventId, releasedAt, clearTime)))
      throw notWithdrawable('The release changed meanwhile: look again.');
    await audit(tx, {
      actorCustomerId: organiserId,
      action: 'results.release_withdrawn',
      entityType: 'event',
      entityId: eventId,
      details: {
        releasedAt: releasedAt.toISOString(),
        releaseTimeCleared: clearTime ? event.resultsReleaseTime : null,
      },
    });
  });
  deps.gala.forget(eventId);
  return state(deps, eventId);
}

/**
 * The sweep: releases the live event when its scheduled time has passed on the app's clock
 * by less than RELEASE_SWEEP_WINDOW_MS and it is not released yet. Other events (a copy, a
 * past year) are never released by it. The number released (0 when another run got there
 * first).
 */
async function releaseDue(deps: Deps): Promise<number> {
  const now = deps.now();
  const live = await deps.currentEventId();
  const scheduled = await findScheduledReleases(deps.db);
  let released = 0;
  for (const event of scheduled) {
    if (event.id !== live) continue;
    const at = releaseAtOf(event)?.getTime();
    if (at === undefined || at > now || now - at > RELEASE_SWEEP_WINDOW_MS) continue;
    if (await release(deps, event.id, null)) released++;
  }
  return released;
}

/**
 * The release of results on the gala date (decision 026): organisers schedule a time of day, a
 * sweep each minute releases every event whose time has passed, and "Release now" does the same
 * by hand. All go through the results service's one publication function, which claims the
 * event first, so whatever runs twice releases once.
 */
export function createReleaseService(deps: ReleaseDependencies) {
  return {
    state: (eventId: number) => state(deps, eventId),
    schedule: (organiserId: number, eventId: number, releaseTime: string | null) =>
      schedule(deps, organiserId, eventId, releaseTime),
    preview: (eventId: number) => preview(deps, eventId),
    releaseNow: (
      organiserId: number,
      eventId: number,
      acknowledge: readonly ReleaseProblemCode[] = [],
    ) => releaseNow(deps, organiserId, eventId, acknowledge),
    withdraw: (organiserId: number, eventId: number) => withdraw(deps, organiserId, eventId),
    releaseDue: () => releaseDue(deps),
  };
}
